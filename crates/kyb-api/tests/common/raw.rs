//! A hostile HTTP/1.1 server on loopback, its answers written by hand: redirects,
//! bodies far larger than any real answer, echoes of the request's headers. It records
//! every request it receives (head and body) and closes the connection after each
//! answer.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// Size of every write of a long body.
pub const CHUNK: usize = 64 * 1024;

#[derive(Debug, Clone)]
pub struct Recorded {
    pub head: String,
    pub body: Vec<u8>,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then_some(value.trim())
        })
    }
}

pub enum Reply {
    /// A status line's status and reason, extra headers, and a body sent with its length.
    Whole {
        status: &'static str,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// 200 with `{"Data":"aaaa…` of `total` bytes, written 64 KiB at a time and never
    /// held: with `Content-Length` or chunked.
    Endless { total: u64, declared: bool },
    /// 200 with `Content-Encoding: gzip` and these (small) bytes, which decode to many.
    Gzip(Arc<Vec<u8>>),
}

type Responder = dyn Fn(&Recorded) -> Reply + Send + Sync;

pub struct RawServer {
    pub addr: SocketAddr,
    seen: Arc<Mutex<Vec<Recorded>>>,
    task: JoinHandle<()>,
}

impl RawServer {
    pub async fn start(respond: impl Fn(&Recorded) -> Reply + Send + Sync + 'static) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let respond: Arc<Responder> = Arc::new(respond);
        let task = tokio::spawn({
            let seen = seen.clone();
            async move {
                while let Ok((stream, _)) = listener.accept().await {
                    let (seen, respond) = (seen.clone(), respond.clone());
                    tokio::spawn(async move {
                        let _ = serve(stream, &seen, &*respond).await;
                    });
                }
            }
        });
        Self { addr, seen, task }
    }

    pub fn base_url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.seen.lock().expect("lock").clone()
    }
}

impl Drop for RawServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn serve(
    mut stream: TcpStream,
    seen: &Mutex<Vec<Recorded>>,
    respond: &Responder,
) -> std::io::Result<()> {
    let mut buffer = Vec::new();
    let mut byte = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let read = stream.read(&mut byte).await?;
        if read == 0 {
            return Ok(());
        }
        buffer.extend_from_slice(&byte[..read]);
    };
    let mut request = Recorded {
        head: String::from_utf8_lossy(&buffer[..head_end]).into_owned(),
        body: buffer[head_end..].to_vec(),
    };
    let length: usize = request
        .header("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    while request.body.len() < length {
        let read = stream.read(&mut byte).await?;
        if read == 0 {
            break;
        }
        request.body.extend_from_slice(&byte[..read]);
    }
    seen.lock().expect("lock").push(request.clone());
    match respond(&request) {
        Reply::Whole {
            status,
            headers,
            body,
        } => {
            let mut head = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
                body.len()
            );
            for (name, value) in headers {
                head.push_str(&format!("{name}: {value}\r\n"));
            }
            head.push_str("\r\n");
            stream.write_all(head.as_bytes()).await?;
            stream.write_all(&body).await?;
        }
        Reply::Endless { total, declared } => {
            let framing = if declared {
                format!("Content-Length: {total}")
            } else {
                "Transfer-Encoding: chunked".to_owned()
            };
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n{framing}\r\nConnection: close\r\n\r\n"
            );
            stream.write_all(head.as_bytes()).await?;
            let mut chunk = vec![b'a'; CHUNK];
            chunk[..9].copy_from_slice(br#"{"Data":""#);
            let mut sent = 0u64;
            while sent < total {
                let size = usize::try_from((total - sent).min(CHUNK as u64)).unwrap_or(CHUNK);
                if !declared {
                    stream.write_all(format!("{size:x}\r\n").as_bytes()).await?;
                }
                stream.write_all(&chunk[..size]).await?;
                if !declared {
                    stream.write_all(b"\r\n").await?;
                }
                chunk[..9].fill(b'a');
                sent += size as u64;
            }
            if !declared {
                stream.write_all(b"0\r\n\r\n").await?;
            }
        }
        Reply::Gzip(bytes) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                bytes.len()
            );
            stream.write_all(head.as_bytes()).await?;
            stream.write_all(&bytes).await?;
        }
    }
    stream.shutdown().await
}

/// A gzip stream that decodes to `decompressed` zero bytes while being a few hundred
/// kilobytes: one 64 KiB block of zeros is deflated with a full flush (byte-aligned,
/// independent of what came before) and repeated, then an empty final block and the
/// true CRC-32 and length close it. Building it costs one small deflate, not 300 MB.
pub fn gzip_bomb(decompressed: u64) -> Vec<u8> {
    use flate2::{Compress, Compression, Crc, FlushCompress, Status};

    let zeros = vec![0u8; CHUNK];
    let mut deflate = Compress::new(Compression::best(), false);
    let mut block = Vec::with_capacity(CHUNK);
    let status = deflate
        .compress_vec(&zeros, &mut block, FlushCompress::Full)
        .expect("deflate");
    assert_eq!(status, Status::Ok);
    assert_eq!(deflate.total_in(), CHUNK as u64, "the whole block deflated");
    let mut one = Crc::new();
    one.update(&zeros);
    let mut crc = Crc::new();
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    for _ in 0..decompressed / CHUNK as u64 {
        out.extend_from_slice(&block);
        crc.combine(&one);
    }
    // An empty final block with the fixed codes: BFINAL, BTYPE 01, end of block.
    out.extend_from_slice(&[0x03, 0x00]);
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&crc.amount().to_le_bytes());
    out
}
