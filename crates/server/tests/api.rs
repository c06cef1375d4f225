//! The HTTP API end to end, in process: every route, and every kind of bad
//! request answered with a JSON 4xx that leaves the match as it was.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tabula_server::{app_state, router, Config};
use tower::ServiceExt;

struct Client {
    app: axum::Router,
}

impl Client {
    fn new() -> Self {
        Client { app: router(app_state(Config::default())) }
    }

    async fn send(&self, method: &str, uri: &str, body: Option<&str>) -> (StatusCode, Value) {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header("content-type", "application/json")
            .body(Body::from(body.unwrap_or("").to_string()))
            .unwrap();
        let response = self.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes).unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into()));
        (status, value)
    }

    async fn get(&self, uri: &str) -> (StatusCode, Value) {
        self.send("GET", uri, None).await
    }

    async fn post(&self, uri: &str, body: Value) -> (StatusCode, Value) {
        self.send("POST", uri, Some(&body.to_string())).await
    }

    async fn new_match(&self, players: Value) -> Value {
        let (status, view) =
            self.post("/api/matches", json!({"game": "warp-weft", "options": {"seed": 42}, "players": players})).await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        view
    }
}

fn history(view: &Value) -> Vec<String> {
    view["history"].as_array().unwrap().iter().map(|h| h["move"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_catalog_lists_warp_and_weft_with_its_start() {
    let client = Client::new();
    let (status, body) = client.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let ww = body["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["slug"] == "warp-weft")
        .expect("Warp & Weft is in the catalog");
    assert_eq!(ww["slug"], "warp-weft");
    assert_eq!(ww["sides"], json!(["Weft", "Warp"]));
    assert_eq!(ww["levels"].as_array().unwrap().len(), 4, "Easy, Medium, Hard, Perfect");
    assert_eq!(ww["start"]["shuttle"], "d4");
    assert_eq!(ww["start"]["grid"][0][0], -1, "board 1 is the catalog's picture");
}

#[tokio::test]
async fn two_people_play_and_undo_one_move_at_a_time() {
    let client = Client::new();
    let view = client.new_match(json!(["human", "human"])).await;
    let id = view["id"].as_str().unwrap();
    assert_eq!(view["side_to_move"], 0);
    assert_eq!(view["moves"].as_array().unwrap().len(), 6);
    assert_eq!(view["state"]["grid"][0][0], 7, "board 42");
    let (status, view) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": "f4"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["side_to_move"], 1);
    assert_eq!(view["state"]["scores"]["weft"], 6.0);
    let (_, view) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": "f1"})).await;
    assert_eq!(history(&view), ["f4", "f1"]);
    let (status, view) = client.send("POST", &format!("/api/matches/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(history(&view), ["f4"]);
    let (_, view) = client.get(&format!("/api/matches/{id}")).await;
    assert_eq!(history(&view), ["f4"]);
}

#[tokio::test]
async fn the_computer_answers_and_undo_takes_back_both_moves() {
    let client = Client::new();
    let view = client.new_match(json!(["human", "level:medium"])).await;
    let id = view["id"].as_str().unwrap();
    let (_, view) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": "c4"})).await;
    assert_eq!(view["computer_to_move"], true);
    let (status, conflict) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": "c1"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{conflict}");
    let (status, view) = client.send("POST", &format!("/api/matches/{id}/computer-move"), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["history"].as_array().unwrap().len(), 2);
    assert_eq!(view["last_decision"]["depth"], 4);
    assert_eq!(view["computer_to_move"], false);
    let (status, _) = client.send("POST", &format!("/api/matches/{id}/computer-move"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "a person's turn");
    let (_, view) = client.send("POST", &format!("/api/matches/{id}/undo"), None).await;
    assert!(history(&view).is_empty(), "both the reply and the move are taken back");
    let (status, _) = client.send("POST", &format!("/api/matches/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_computer_opening_cannot_be_undone_by_the_person() {
    let client = Client::new();
    let view = client.new_match(json!(["level:easy", "human"])).await;
    let id = view["id"].as_str().unwrap();
    assert_eq!(view["computer_to_move"], true);
    let (_, view) = client.send("POST", &format!("/api/matches/{id}/computer-move"), None).await;
    assert_eq!(history(&view).len(), 1);
    let (status, _) = client.send("POST", &format!("/api/matches/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn bad_requests_get_a_clear_json_error_and_change_nothing() {
    let client = Client::new();
    let view = client.new_match(json!(["human", "human"])).await;
    let id = view["id"].as_str().unwrap().to_string();
    let moves = format!("/api/matches/{id}/moves");
    let cases: Vec<(&str, String, Option<String>, StatusCode, &str)> = vec![
        ("POST", moves.clone(), Some(r#"{"move": "b2"}"#.into()), StatusCode::BAD_REQUEST, "illegal_move"),
        ("POST", moves.clone(), Some(r#"{"move": "??"}"#.into()), StatusCode::BAD_REQUEST, "bad_move"),
        ("POST", moves.clone(), Some(r#"{"mv": "b4"}"#.into()), StatusCode::BAD_REQUEST, "bad_request"),
        ("POST", moves.clone(), Some(r#"{"move": 4}"#.into()), StatusCode::BAD_REQUEST, "bad_request"),
        ("POST", moves.clone(), Some("not json".into()), StatusCode::BAD_REQUEST, "bad_request"),
        ("POST", moves.clone(), None, StatusCode::BAD_REQUEST, "bad_request"),
        (
            "POST",
            "/api/matches/nope/moves".into(),
            Some(r#"{"move": "b4"}"#.into()),
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        ("GET", "/api/matches/nope".into(), None, StatusCode::NOT_FOUND, "not_found"),
        ("POST", "/api/matches".into(), Some(r#"{"game": "chess"}"#.into()), StatusCode::NOT_FOUND, "unknown_game"),
        (
            "POST",
            "/api/matches".into(),
            Some(r#"{"game": "warp-weft", "options": {"size": 6}}"#.into()),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            "POST",
            "/api/matches".into(),
            Some(r#"{"game": "warp-weft", "options": {"colour": "red"}}"#.into()),
            StatusCode::BAD_REQUEST,
            "bad_option",
        ),
        (
            "POST",
            "/api/matches".into(),
            Some(r#"{"game": "warp-weft", "players": ["human", "level:godlike"]}"#.into()),
            StatusCode::BAD_REQUEST,
            "bad_player",
        ),
        (
            "POST",
            "/api/matches".into(),
            Some(r#"{"game": "warp-weft", "position": "size=4"}"#.into()),
            StatusCode::BAD_REQUEST,
            "bad_position",
        ),
        (
            "POST",
            "/api/matches".into(),
            Some(r#"{"game": "warp-weft", "options": {"seed": [1]}}"#.into()),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        ("GET", "/api/nothing".into(), None, StatusCode::NOT_FOUND, "not_found"),
    ];
    for (method, uri, body, status, kind) in cases {
        let (got, reply) = client.send(method, &uri, body.as_deref()).await;
        assert_eq!(got, status, "{method} {uri} {body:?}: {reply}");
        assert_eq!(reply["error"], kind, "{method} {uri} {body:?}: {reply}");
        assert!(!reply["message"].as_str().unwrap().is_empty());
    }
    let (_, after) = client.get(&format!("/api/matches/{id}")).await;
    assert_eq!(after["position"], view["position"]);
    assert_eq!(after["version"], 0);
}

#[tokio::test]
async fn an_oversized_body_is_refused() {
    let client = Client::new();
    let huge = format!(r#"{{"game": "warp-weft", "position": "{}"}}"#, "x".repeat(200_000));
    let (status, _) = client.send("POST", "/api/matches", Some(&huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn a_match_can_start_from_a_position() {
    let client = Client::new();
    let position = "size=5;grid=1,2,3,4,5/2,6,7,8,9/3,7,0,-1,-2/4,8,-1,-3,-4/5,9,-2,-4,-5;\
        taken=rbrb./rrbrb/r.xbr/brbrb/bb.r.;shuttle=a5;next=weft;komi=-15.5";
    let (status, view) = client
        .post("/api/matches", json!({"game": "warp-weft", "position": position, "players": ["human", "human"]}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = view["id"].as_str().unwrap();
    let c5 = view["moves"].as_array().unwrap().iter().find(|m| m["move"] == "c5").unwrap();
    assert_eq!(c5["info"]["strands"], true);
    assert_eq!(c5["info"]["winner"], "Weft");
    let (_, view) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": "c5"})).await;
    assert_eq!(view["result"]["winner"], 0);
    assert_eq!(view["result"]["reason"], "Warp has no unused cell in its column: Weft wins 20 to 18.5.");
    let (status, reply) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": "e5"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{reply}");
}

#[tokio::test]
async fn pages_are_served_and_unknown_ones_are_404() {
    let client = Client::new();
    for (uri, status) in [
        ("/play/nope", StatusCode::NOT_FOUND),
        ("/rules/nope", StatusCode::NOT_FOUND),
        ("/static/../Cargo.toml", StatusCode::NOT_FOUND),
        ("/static/nothing.js", StatusCode::NOT_FOUND),
        ("/elsewhere", StatusCode::NOT_FOUND),
    ] {
        let (got, _) = client.get(uri).await;
        assert_eq!(got, status, "{uri}");
    }
}

#[tokio::test]
async fn hints_give_each_move_its_exact_value_once_the_position_is_solved() {
    let client = Client::new();
    let (status, view) = client
        .post(
            "/api/matches",
            json!({"game": "warp-weft", "options": {"seed": 42, "size": 5}, "players": ["human", "human"]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    let id = view["id"].as_str().unwrap();
    let (status, solved) = client.get(&format!("/api/matches/{id}/solve?ms=5000")).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["solved"], true, "a 5 × 5 board is solved at once: {solved}");
    assert_eq!(solved["ply"], 0);
    let moves = solved["moves"].as_array().unwrap();
    assert_eq!(moves.len(), view["moves"].as_array().unwrap().len(), "every legal move gets a value");
    let scores: Vec<i64> = moves.iter().map(|m| m["score"].as_i64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {scores:?}");
    for m in moves {
        let text = m["text"].as_str().unwrap();
        assert!(text.starts_with("wins by ") || text.starts_with("loses by ") || text == "draws", "{text}");
    }
    // The best move keeps the value: after it, the opponent's best reply is worth the opposite.
    let best = moves[0]["move"].as_str().unwrap();
    let (status, _) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": best})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, next) = client.get(&format!("/api/matches/{id}/solve")).await;
    assert_eq!(next["solved"], true);
    assert_eq!(next["ply"], 1);
    assert_eq!(next["moves"][0]["score"].as_i64().unwrap(), -scores[0], "{next}");

    // Bad requests say what is wrong.
    let (status, err) = client.get(&format!("/api/matches/{id}/solve?ms=0")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(err["message"].as_str().unwrap().contains("1 to 5000 milliseconds"), "{err}");
    let (status, err) = client.get(&format!("/api/matches/{id}/solve?depth=3")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    let (status, _) = client.get("/api/matches/0123456789abcdef/solve").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A game without an exact solver answers plainly.
    let (status, lee) = client.post("/api/matches", json!({"game": "leeward", "players": ["human", "human"]})).await;
    assert_eq!(status, StatusCode::CREATED, "{lee}");
    let (status, none) = client.get(&format!("/api/matches/{}/solve?ms=50", lee["id"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none["solved"], false);
    assert!(none["reason"].as_str().unwrap().contains("no exact solver"), "{none}");

    // No engine help in an online game that goes on.
    let (status, online) = client
        .post(
            "/api/matches",
            json!({"game": "warp-weft", "options": {"seed": 42, "size": 5}, "online": {"seat": 0, "name": "Ann"}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{online}");
    let (status, err) = client.get(&format!("/api/matches/{}/solve", online["id"].as_str().unwrap())).await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
}

#[tokio::test]
async fn a_computer_player_is_kept_between_its_moves() {
    let state = app_state(Config::default());
    let client = Client { app: router(state.clone()) };
    let kept = || state.players.keys();
    // After its move the player thinks on the person's time, out of the store until it stops.
    let settled = || async {
        while !state.pondering.lock().unwrap().is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    };
    let (_, view) = client
        .post(
            "/api/matches",
            json!({"game": "warp-weft", "options": {"size": 5, "seed": 3}, "players": ["level:perfect", "human"]}),
        )
        .await;
    let id = view["id"].as_str().unwrap().to_string();
    let (status, view) = client.send("POST", &format!("/api/matches/{id}/computer-move"), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    settled().await;
    assert_eq!(kept().len(), 1, "the player that moved is kept: {:?}", kept());
    assert!(kept()[0].starts_with(&format!("{id}/0/")), "{:?}", kept());
    // A person's reply, then the same player (with its solved table) answers.
    let reply = view["moves"][0]["move"].as_str().unwrap_or_else(|| panic!("a legal move in {view}")).to_string();
    let (status, view) = client.post(&format!("/api/matches/{id}/moves"), json!({"move": reply})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let (status, view) = client.send("POST", &format!("/api/matches/{id}/computer-move"), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    settled().await;
    assert_eq!(kept().len(), 1, "still one player for this seat: {:?}", kept());
    // Other matches' players join it, up to a limit.
    for _ in 0..tabula_server::KEPT_PLAYERS + 1 {
        let (_, view) = client
            .post(
                "/api/matches",
                json!({"game": "warp-weft", "options": {"size": 5}, "players": ["level:easy", "human"]}),
            )
            .await;
        let other = view["id"].as_str().unwrap().to_string();
        client.send("POST", &format!("/api/matches/{other}/computer-move"), None).await;
    }
    assert_eq!(kept().len(), tabula_server::KEPT_PLAYERS);
    assert!(!kept().iter().any(|k| k.starts_with(&format!("{id}/"))), "the oldest went first");
}

#[tokio::test]
async fn an_abandoned_game_can_be_deleted_but_online_and_finished_ones_are_kept() {
    let client = Client::new();
    let view = client.new_match(json!(["human", "human"])).await;
    let id = view["id"].as_str().unwrap();
    assert_eq!(client.post(&format!("/api/matches/{id}/moves"), json!({"move": "f4"})).await.0, StatusCode::OK);
    let (status, reply) = client.send("DELETE", &format!("/api/matches/{id}"), None).await;
    assert_eq!((status, &reply["deleted"]), (StatusCode::OK, &json!(id)), "{reply}");
    assert_eq!(client.get(&format!("/api/matches/{id}")).await.0, StatusCode::NOT_FOUND);
    let (_, list) = client.get("/api/matches?status=playing").await;
    assert!(list["matches"].as_array().unwrap().iter().all(|m| m["id"] != id), "gone from the list too");
    assert_eq!(client.send("DELETE", &format!("/api/matches/{id}"), None).await.0, StatusCode::NOT_FOUND);

    let (_, online) = client.post("/api/matches", json!({"game": "warp-weft", "online": {"seat": 0}})).await;
    let (status, reply) =
        client.send("DELETE", &format!("/api/matches/{}", online["id"].as_str().unwrap()), None).await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::CONFLICT, Some("conflict")), "{reply}");

    let (_, small) = client
        .post(
            "/api/matches",
            json!({"game": "warp-weft", "options": {"size": 5, "seed": 3}, "players": ["human", "human"]}),
        )
        .await;
    let small_id = small["id"].as_str().unwrap().to_string();
    let mut view = small;
    while view["result"].is_null() {
        let mv = view["moves"][0]["move"].as_str().unwrap().to_string();
        view = client.post(&format!("/api/matches/{small_id}/moves"), json!({"move": mv})).await.1;
    }
    let (status, reply) = client.send("DELETE", &format!("/api/matches/{small_id}"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{reply}");
    assert!(reply["message"].as_str().unwrap().contains("finished game is kept"), "{reply}");
}

/// A GET through the router: status, headers and body text.
async fn fetch(app: &axum::Router, uri: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    let request = Request::builder().uri(uri).header("host", "localhost").body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    (parts.status, parts.headers, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn a_page_names_its_modules_by_hashed_addresses_kept_for_good_and_maps_the_plain_ones() {
    use base64::Engine;
    use sha2::Digest;
    let app = router(app_state(Config::default()));
    let (status, headers, page) = fetch(&app, "/play/seesaw").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["cache-control"], "no-cache", "a page is asked for again");
    // The import map, and the policy that lets exactly it run.
    let map_text = page
        .split_once(r#"<script type="importmap">"#)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(json, _)| json)
        .expect("the page has an import map");
    let digest = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(map_text.as_bytes()));
    let policy = headers["content-security-policy"].to_str().unwrap();
    assert!(policy.contains(&format!("'sha256-{digest}'")), "{policy}");
    assert!(!policy.contains("unsafe-inline"));
    // First the map, the engine's tag and what starts the engine; the page's own modules after its stylesheet.
    let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("{needle} in the page"));
    assert!(at("<script type=\"importmap\">") < at("name=\"tabula-engine\""));
    assert!(at("name=\"tabula-engine\"") < at("src=\"/static/shell/engine-boot."));
    assert!(at("src=\"/static/shell/engine-boot.") < at("rel=\"stylesheet\""));
    assert!(at("rel=\"stylesheet\"") < at("src=\"/static/shell/play-page."));
    let map: Value = serde_json::from_str(map_text).unwrap();
    let hashed = map["imports"]["/static/shell/api.js"].as_str().expect("api.js is mapped").to_string();
    assert_ne!(hashed, "/static/shell/api.js");
    // Every script, preload and stylesheet the page names is a hashed address of the map.
    let named: Vec<&str> = page.split("=\"/static/").skip(1).filter_map(|rest| rest.split('"').next()).collect();
    let mapped: Vec<&str> = map["imports"].as_object().unwrap().values().filter_map(Value::as_str).collect();
    for path in named.iter().filter(|p| p.ends_with(".js") || p.ends_with(".css")) {
        let address = format!("/static/{path}");
        assert!(mapped.contains(&address.as_str()) || path.starts_with("engine/"), "{address} is hashed");
    }
    // Kept for good under its hashed address; the plain one is asked for again; the same file.
    let (status, headers, by_hash) = fetch(&app, &hashed).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(headers["content-type"], "text/javascript; charset=utf-8");
    let (_, headers, plain) = fetch(&app, "/static/shell/api.js").await;
    assert_eq!(headers["cache-control"], "no-cache");
    assert_eq!(by_hash, plain);
    // An older hash of the same file: today's file, not to be kept under that name.
    let (status, headers, stale) = fetch(&app, "/static/shell/api.0000000000000000.js").await;
    assert_eq!((status, headers["cache-control"].to_str().unwrap()), (StatusCode::OK, "no-cache"));
    assert_eq!(stale, plain);
    let (status, _, _) = fetch(&app, "/static/shell/nothing.0000000000000000.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// A GET with `Accept-Encoding`: status, headers and the body's raw bytes.
async fn fetch_bytes(app: &axum::Router, uri: &str, accept: &str) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let request = Request::builder()
        .uri(uri)
        .header("host", "localhost")
        .header("accept-encoding", accept)
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    (parts.status, parts.headers, body.collect().await.unwrap().to_bytes().to_vec())
}

#[tokio::test]
async fn the_engine_goes_out_gzipped_to_a_browser_that_takes_it_and_whole_to_one_that_does_not() {
    use std::io::Read;
    let app = router(app_state(Config::default()));
    let (_, _, page) = fetch(&app, "/play/leeward").await;
    let Some(module) = page.split("data-wasm=\"").nth(1).and_then(|rest| rest.split('"').next()) else {
        // A binary built without the engine (TABULA_NO_ENGINE) has nothing to compress.
        assert!(!page.contains("tabula-engine"));
        return;
    };
    let (status, headers, whole) = fetch_bytes(&app, module, "identity").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/wasm");
    assert!(headers.get("content-encoding").is_none());
    assert_eq!(&whole[..4], b"\0asm");
    let (status, headers, packed) = fetch_bytes(&app, module, "gzip, deflate, br").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (headers["content-encoding"].to_str().unwrap(), headers["vary"].to_str().unwrap()),
        ("gzip", "Accept-Encoding")
    );
    assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
    assert!(packed.len() * 2 < whole.len() + whole.len() / 5, "{} bytes packed from {}", packed.len(), whole.len());
    let mut unpacked = Vec::new();
    flate2::read::GzDecoder::new(&packed[..]).read_to_end(&mut unpacked).unwrap();
    assert!(unpacked == whole, "the same module once unpacked");
}
