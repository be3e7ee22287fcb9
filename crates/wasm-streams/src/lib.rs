//! The part of `wasm-streams` that Leptos names: `server_fn` (its `browser` feature, which Leptos
//! always turns on) reads a streamed response as a Rust [`Stream`] and streams a request body
//! from one. GPU Sizer has no server functions, so none of it runs.
//!
//! The published crate also exports three classes to JS (`IntoUnderlyingSource`,
//! `IntoUnderlyingByteSource`, `IntoUnderlyingSink`) to every module built with it. The linker
//! keeps an export whether or not anything uses it, and with it the futures those classes start,
//! in the function table, where nothing after the linker can tell them unused. This crate takes
//! its place (`[patch.crates-io]` in the workspace's Cargo.toml) with the same four functions
//! written with no exports, so the linker drops whatever nothing calls: the app's main module
//! came out 4,442 bytes gzip smaller (code 3,199, data 975: those futures, what they call, and
//! the standard library's texts of I/O errors).

use futures_core::Stream;
use js_sys::{Object, Promise, Reflect};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{future_to_promise, JsFuture};
use web_sys::{ReadableStreamDefaultController, ReadableStreamDefaultReader};

/// A JS `ReadableStream`, made from one or from a Rust [`Stream`] of chunks.
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

type Chunks = Pin<Box<dyn Stream<Item = Result<JsValue, JsValue>>>>;

impl ReadableStream {
    /// The JS stream `raw`.
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }

    /// A JS stream whose chunks are `stream`'s items, ended where it ends; an `Err` item errors
    /// the JS stream with its value.
    pub fn from_stream<St>(stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        let chunks: Rc<RefCell<Chunks>> = Rc::new(RefCell::new(Box::pin(stream)));
        // The JS stream calls `pull` when it wants a chunk, and not again until the promise it
        // returned has settled, so one item is polled at a time.
        let pull = Closure::<dyn FnMut(ReadableStreamDefaultController) -> Promise>::new(
            move |controller: ReadableStreamDefaultController| {
                let chunks = Rc::clone(&chunks);
                future_to_promise(async move {
                    let next =
                        std::future::poll_fn(|cx| chunks.borrow_mut().as_mut().poll_next(cx));
                    match next.await {
                        Some(Ok(chunk)) => controller.enqueue_with_chunk(&chunk)?,
                        Some(Err(error)) => return Err(error),
                        None => controller.close()?,
                    }
                    Ok(JsValue::UNDEFINED)
                })
            },
        );
        let source = Object::new();
        // The closure, and the Rust stream in it, belong to the JS function from here on: freed
        // when the JS stream is collected. Setting a property of a plain new object does not fail.
        let _ = Reflect::set(&source, &JsValue::from_str("pull"), &pull.into_js_value());
        let raw = web_sys::ReadableStream::new_with_underlying_source(&source)
            .expect_throw("a source with a pull method makes a ReadableStream");
        Self { raw }
    }

    /// The JS stream.
    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// The JS stream's chunks as a Rust [`Stream`], read until it is done; a read that fails
    /// gives its error as the last item.
    pub fn into_stream(self) -> IntoStream {
        IntoStream {
            reader: Some(self.raw.get_reader().unchecked_into()),
            read: None,
        }
    }
}

/// [`ReadableStream::into_stream`]: a JS stream read chunk by chunk.
pub struct IntoStream {
    /// `None` once the stream is done or a read failed.
    reader: Option<ReadableStreamDefaultReader>,
    /// The read under way.
    read: Option<JsFuture>,
}

impl Stream for IntoStream {
    type Item = Result<JsValue, JsValue>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let Some(reader) = self.reader.clone() else {
            return Poll::Ready(None);
        };
        let read = self
            .read
            .get_or_insert_with(|| JsFuture::from(reader.read()));
        let Poll::Ready(result) = Pin::new(read).poll(cx) else {
            return Poll::Pending;
        };
        self.read = None;
        let field = |result: &JsValue, name: &str| Reflect::get(result, &JsValue::from_str(name));
        let chunk = result.and_then(|result| {
            let done = field(&result, "done")?.is_truthy();
            (!done).then(|| field(&result, "value")).transpose()
        });
        match chunk {
            Ok(Some(chunk)) => Poll::Ready(Some(Ok(chunk))),
            Ok(None) => {
                self.reader = None;
                Poll::Ready(None)
            }
            Err(error) => {
                self.reader = None;
                Poll::Ready(Some(Err(error)))
            }
        }
    }
}
