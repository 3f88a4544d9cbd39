//! Reading an answer body with a ceiling. A body from the network is never trusted to
//! be small: a broken proxy, a misdirected download or a gzip bomb can send gigabytes,
//! and reading it whole would take the desk's memory with it. The body is read chunk
//! by chunk and given up on as soon as it passes the cap, so memory holds at most the
//! cap plus one chunk.

/// The cap on a service answer, decompressed. The largest real answer, the version-2
/// detail of a file with many branches and documents, is well under 1 MiB; eight times
/// that leaves room for growth while still refusing a runaway body long before it hurts.
pub const MAX_ANSWER_BYTES: usize = 8 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum CappedError {
    /// The body (decompressed, when it came compressed) is longer than the cap; the
    /// rest of it was not read.
    #[error("the answer is larger than {limit_bytes} bytes")]
    TooLarge { limit_bytes: u64 },
    /// The connection failed or timed out while the body was being read.
    #[error("the answer could not be read: {0}")]
    Transport(#[from] reqwest::Error),
}

/// The whole body of `response`, or [`CappedError::TooLarge`] as soon as it is known
/// to be longer than `cap` bytes. With reqwest's gzip decoding on, the chunks are the
/// decompressed bytes, so the cap applies to what would be held in memory, not to what
/// crossed the wire.
pub async fn read_capped(
    mut response: reqwest::Response,
    cap: usize,
) -> Result<Vec<u8>, CappedError> {
    let limit_bytes = u64::try_from(cap).unwrap_or(u64::MAX);
    // reqwest reports no length for a body it decompresses, so a length here is that
    // of the plain body: refused before a byte of it is read.
    if response
        .content_length()
        .is_some_and(|len| len > limit_bytes)
    {
        return Err(CappedError::TooLarge { limit_bytes });
    }
    let mut body = Vec::with_capacity(
        response
            .content_length()
            .and_then(|len| usize::try_from(len).ok())
            .unwrap_or(0),
    );
    while let Some(chunk) = response.chunk().await? {
        if chunk.len() > cap - body.len() {
            return Err(CappedError::TooLarge { limit_bytes });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
