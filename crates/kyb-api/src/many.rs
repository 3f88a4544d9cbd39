//! Many tracking queries at once, for the app's watchlist: at most `concurrency` in
//! flight, each result yielded as soon as it arrives, tagged with its request's index.

use futures_util::stream::{self, Stream, StreamExt};

use crate::client::Client;
use crate::error::Result;
use crate::models::tracking::Tracking;
use crate::requests::TrackingRequest;

pub const DEFAULT_CONCURRENCY: usize = 8;

pub fn track_many(
    client: &Client,
    requests: Vec<TrackingRequest>,
    concurrency: usize,
) -> impl Stream<Item = (usize, Result<Tracking>)> + '_ {
    stream::iter(requests.into_iter().enumerate())
        .map(move |(index, request)| async move { (index, client.tracking(&request).await) })
        .buffer_unordered(concurrency.max(1))
}
