//! The image fetcher against hostile addresses, over real loopback HTTP: a photo
//! address in an answer cannot lead the desk to another address by a redirect, to the
//! analyst's own network by name or by number, or into unbounded memory.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use kyb_desk_core::error::{DeskCode, Details, ServiceCode};
use kyb_desk_core::images::{ImageFetcher, MAX_IMAGE_BYTES};
use reqwest::Url;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A loopback listener that counts the requests it receives and answers each with
/// `head` followed by `body_bytes` bytes of body, sent in 64 KiB pieces.
struct Listener {
    url: Url,
    requests: Arc<AtomicUsize>,
}

async fn listen(
    head: impl Fn(&Url) -> String + Send + Sync + 'static,
    body_bytes: usize,
) -> Listener {
    let socket = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let url =
        Url::parse(&format!("http://{}", socket.local_addr().expect("address"))).expect("a URL");
    let requests = Arc::new(AtomicUsize::new(0));
    let (counter, own) = (requests.clone(), url.clone());
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = socket.accept().await {
            counter.fetch_add(1, Ordering::SeqCst);
            let head = head(&own);
            tokio::spawn(async move {
                let mut request = vec![0; 4096];
                let _ = stream.read(&mut request).await;
                if stream.write_all(head.as_bytes()).await.is_err() {
                    return;
                }
                let piece = vec![0u8; 64 * 1024];
                let mut left = body_bytes;
                while left > 0 {
                    let n = left.min(piece.len());
                    if stream.write_all(&piece[..n]).await.is_err() {
                        return;
                    }
                    left -= n;
                }
            });
        }
    });
    Listener { url, requests }
}

fn png_head(_: &Url) -> String {
    "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n\r\n".to_owned()
}

#[tokio::test]
async fn a_redirect_is_not_followed_and_names_where_it_pointed() {
    let elsewhere = listen(png_head, 16).await;
    let target = elsewhere.url.join("foto.png").expect("a URL");
    for status in [
        "301 Moved Permanently",
        "302 Found",
        "307 Temporary Redirect",
        "308 Permanent Redirect",
    ] {
        let location = target.clone();
        let code: u16 = status[..3].parse().expect("a status");
        let status = status.to_owned();
        let demo = listen(
            move |_| {
                format!("HTTP/1.1 {status}\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            },
            0,
        )
        .await;
        let fetcher = ImageFetcher::new(Some(&demo.url)).expect("fetcher");
        let refused = fetcher
            .fetch(&demo.url.join("sucursal.png").expect("a URL"))
            .await
            .expect_err("not followed");
        assert_eq!(refused.code, ServiceCode::Redirected);
        assert_eq!(
            refused.details.as_deref(),
            Some(&Details::Redirected {
                origin: kyb_api::client::origin_of(&elsewhere.url),
                status: Some(code)
            })
        );
        assert_eq!(demo.requests.load(Ordering::SeqCst), 1);
    }
    assert_eq!(elsewhere.requests.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn private_addresses_are_refused_by_number_and_by_name() {
    let local = listen(png_head, 16).await;
    // The demo sandbox is elsewhere: this listener is the analyst's own machine.
    let demo = Url::parse("http://127.0.0.1:9").expect("a URL");
    let fetcher = ImageFetcher::new(Some(&demo)).expect("fetcher");
    let port = local.url.port().expect("a port");
    for address in [
        format!("https://127.0.0.1:{port}/a.png"),
        format!("http://127.0.0.1:{port}/a.png"),
        format!("https://[::ffff:127.0.0.1]:{port}/a.png"),
        "https://169.254.169.254/latest/meta-data".to_owned(),
        "https://10.0.0.1/a.png".to_owned(),
    ] {
        let refused = fetcher
            .fetch(&Url::parse(&address).expect("a URL"))
            .await
            .expect_err("refused");
        assert_eq!(refused.code, DeskCode::UnsafeAddress, "{address}");
    }
    // A name that resolves to loopback leads nowhere either.
    let refused = fetcher
        .fetch(&Url::parse(&format!("https://localhost:{port}/a.png")).expect("a URL"))
        .await
        .expect_err("refused");
    assert_eq!(refused.code, ServiceCode::Network);
    assert_eq!(local.requests.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_picture_larger_than_the_cap_is_refused_and_a_normal_one_arrives() {
    let huge = listen(png_head, MAX_IMAGE_BYTES + 2 * 64 * 1024).await;
    let fetcher = ImageFetcher::new(Some(&huge.url)).expect("fetcher");
    let refused = fetcher
        .fetch(&huge.url.join("a.png").expect("a URL"))
        .await
        .expect_err("too large");
    assert_eq!(refused.code, ServiceCode::TooLarge);

    let normal = listen(png_head, 1000).await;
    let fetcher = ImageFetcher::new(Some(&normal.url)).expect("fetcher");
    let picture = fetcher
        .fetch(&normal.url.join("a.png").expect("a URL"))
        .await
        .expect("the demo sandbox's own pictures arrive");
    assert!(picture.starts_with("data:image/png;base64,"));
}
