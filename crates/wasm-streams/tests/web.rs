//! The stream's two directions, in a browser: `scripts/test.sh` runs these with the app's
//! component tests.
#![cfg(target_arch = "wasm32")]

use futures_core::Stream;
use std::collections::VecDeque;
use std::pin::Pin;
use std::task::{Context, Poll};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test as test, wasm_bindgen_test_configure};
use wasm_streams::{IntoStream, ReadableStream};

wasm_bindgen_test_configure!(run_in_browser);

/// A Rust stream of the given items, one per poll.
struct Items(VecDeque<Result<JsValue, JsValue>>);

impl Stream for Items {
    type Item = Result<JsValue, JsValue>;

    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Poll::Ready(self.0.pop_front())
    }
}

/// Every item `stream` gives, in order.
async fn all(mut stream: IntoStream) -> Vec<Result<JsValue, JsValue>> {
    let mut items = Vec::new();
    while let Some(item) = std::future::poll_fn(|cx| Pin::new(&mut stream).poll_next(cx)).await {
        items.push(item);
    }
    items
}

fn through_js(items: Vec<Result<JsValue, JsValue>>) -> IntoStream {
    let raw = ReadableStream::from_stream(Items(items.into())).into_raw();
    ReadableStream::from_raw(raw).into_stream()
}

/// Chunks written into a JS stream from a Rust stream come out of it in order, and the stream ends
/// where the Rust one did.
#[test]
async fn chunks_go_through_a_js_stream_and_back() {
    let sent = [
        JsValue::from(1),
        JsValue::from_str("two"),
        JsValue::from(3.5),
    ];
    let got = all(through_js(sent.iter().cloned().map(Ok).collect())).await;
    assert_eq!(got.len(), sent.len());
    for (got, sent) in got.iter().zip(&sent) {
        assert_eq!(got.as_ref().ok(), Some(sent));
    }
    assert!(all(through_js(Vec::new())).await.is_empty());
}

/// An error item errors the JS stream: the reader gets the chunks before it, then the error, and
/// nothing after.
#[test]
async fn an_error_ends_the_stream_with_it() {
    let got = all(through_js(vec![
        Ok(JsValue::from(1)),
        Err(JsValue::from_str("broken")),
        Ok(JsValue::from(2)),
    ]))
    .await;
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].as_ref().ok(), Some(&JsValue::from(1)));
    assert_eq!(got[1].as_ref().err(), Some(&JsValue::from_str("broken")));
}
