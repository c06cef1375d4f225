//! `POST /api/positions`: the rules without a match, for pages that draw
//! positions of their own (rules diagrams, replays, analyses).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tabula_server::{app_state, router, Config};
use tower::ServiceExt;

async fn ask(body: Value) -> (StatusCode, Value) {
    let app = router(app_state(Config::default()));
    let request = Request::post("/api/positions")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn the_start_of_every_game_has_its_perft_one_moves() {
    for (game, count) in [("leeward", 27), ("warp-weft", 6), ("piracy", 3), ("seesaw", 6)] {
        let (status, view) = ask(json!({ "game": game })).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["moves"].as_array().unwrap().len(), count, "{game}");
        assert_eq!((view["game"].as_str(), view["side_to_move"].as_u64()), (Some(game), Some(0)));
        assert!(view["state"].is_object() && view["result"].is_null() && view["positions"].is_null(), "{view}");
    }
}

#[tokio::test]
async fn moves_are_played_from_the_options_start_and_each_position_can_be_described() {
    let (status, view) =
        ask(json!({ "game": "warp-weft", "options": { "seed": 42 }, "moves": ["f4", "f1"], "each": true })).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["history"], json!([{ "move": "f4", "side": 0 }, { "move": "f1", "side": 1 }]));
    assert_eq!(view["state"]["scores"]["weft"], 6.0);
    assert_eq!(view["state"]["shuttle"], "f1");
    let moves: Vec<&str> = view["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(moves, ["a1", "b1", "c1", "d1", "e1", "g1"]);
    assert!(view["moves"][0]["info"]["gain"].is_number(), "each move carries the game's annotations");
    let positions = view["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 3, "the start and after each move");
    assert_eq!(positions[1]["state"]["shuttle"], "f4");
    assert_eq!(positions[2]["position"], view["position"]);
    assert!(
        positions[0]["moves"].is_null() && positions[0]["history"].is_null(),
        "steps carry what drawing needs, no more"
    );
}

#[tokio::test]
async fn a_position_text_is_a_start_and_a_finished_game_has_no_moves() {
    let (_, start) = ask(json!({ "game": "warp-weft", "options": { "size": 5, "seed": 3 } })).await;
    let (status, view) = ask(json!({ "game": "warp-weft", "position": start["position"] })).await;
    assert_eq!((status, &view["position"]), (StatusCode::OK, &start["position"]));
    // Play the first legal move until the game ends.
    let mut moves: Vec<String> = Vec::new();
    let mut view = start.clone();
    while view["result"].is_null() {
        moves.push(view["moves"][0]["move"].as_str().unwrap().to_string());
        view = ask(json!({ "game": "warp-weft", "position": start["position"], "moves": moves })).await.1;
    }
    assert!(view["moves"].as_array().unwrap().is_empty());
    assert!(view["result"]["reason"].is_string(), "{view}");
    moves.push("a1".into());
    let (status, reply) = ask(json!({ "game": "warp-weft", "position": start["position"], "moves": moves })).await;
    assert_eq!((status, reply["error"].as_str()), (StatusCode::BAD_REQUEST, Some("illegal_move")), "{reply}");
    assert!(reply["message"].as_str().unwrap().contains("already over"), "{reply}");
}

#[tokio::test]
async fn bad_requests_say_what_is_wrong() {
    for (body, kind, says) in [
        (json!({ "game": "chess" }), "unknown_game", "chess"),
        (json!({ "game": "warp-weft", "options": { "size": 6 } }), "bad_option", "size"),
        (json!({ "game": "warp-weft", "position": "nonsense" }), "bad_position", ""),
        (json!({ "game": "warp-weft", "options": { "seed": 42 }, "moves": ["f4", "zz"] }), "bad_move", "move 2 ('zz')"),
        (
            json!({ "game": "warp-weft", "options": { "seed": 42 }, "moves": ["f4", "a4"] }),
            "illegal_move",
            "move 2 ('a4')",
        ),
        (json!({ "game": "warp-weft", "moves": vec!["f4"; 601] }), "bad_request", "at most 600 moves"),
        (json!({ "game": "warp-weft", "colour": "red" }), "bad_request", "colour"),
    ] {
        let (status, reply) = ask(body.clone()).await;
        assert!(status.is_client_error(), "{body}: {reply}");
        assert_eq!(reply["error"], kind, "{body}: {reply}");
        assert!(reply["message"].as_str().unwrap().contains(says), "{body}: {reply}");
    }
}
