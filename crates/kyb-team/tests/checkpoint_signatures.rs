//! The database checks a checkpoint's Ed25519 signature when it is stored (migration
//! 0016), against what it did not write: RFC 8032's own test vectors (section 7.1) and
//! signatures made by ring, the desks' signer. A supervisor's made-up checkpoint is
//! refused, so no desk can be made to report a break that can never be removed.

mod common;

use common::{floor, refusal};
use kyb_team::{CheckpointKey, checkpoint_message};
use ring::signature::{ED25519, Ed25519KeyPair, KeyPair, UnparsedPublicKey};

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// RFC 8032, 7.1: TEST 1, 2 and 3 (public key, message, signature).
const RFC_8032: [(&str, &str, &str); 3] = [
    (
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
    (
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    ),
];

async fn verified(
    owner: &mut sqlx::PgConnection,
    key: &[u8],
    message: &[u8],
    signature: &[u8],
) -> bool {
    sqlx::query_scalar("SELECT team_ed25519_verify($1, $2, $3)")
        .bind(key)
        .bind(message)
        .bind(signature)
        .fetch_one(owner)
        .await
        .expect("answers")
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_databases_ed25519_check_agrees_with_rfc_8032_and_with_ring() {
    let f = floor("kyb_ed25519").await;
    let mut owner = f.t.as_owner().await;
    for (key, message, signature) in RFC_8032 {
        let (key, message, signature) = (unhex(key), unhex(message), unhex(signature));
        // The vectors as written hold for ring too (a vector copied wrong would not).
        UnparsedPublicKey::new(&ED25519, &key)
            .verify(&message, &signature)
            .expect("ring accepts RFC 8032's vector");
        assert!(verified(&mut owner, &key, &message, &signature).await);
        let mut forged = signature.clone();
        forged[0] ^= 1;
        assert!(!verified(&mut owner, &key, &message, &forged).await);
        let mut other = message.clone();
        other.push(0);
        assert!(!verified(&mut owner, &key, &other, &signature).await);
    }
    // Keys and signatures ring makes, and the same with one bit changed anywhere.
    let rng = ring::rand::SystemRandom::new();
    for n in 0..4u8 {
        let document = Ed25519KeyPair::generate_pkcs8(&rng).expect("a key");
        let pair = Ed25519KeyPair::from_pkcs8(document.as_ref()).expect("read");
        let message = format!("kyb-team checkpoint v1\nws\n{n}\nabc\n").into_bytes();
        let signature = pair.sign(&message).as_ref().to_vec();
        let key = pair.public_key().as_ref().to_vec();
        assert!(verified(&mut owner, &key, &message, &signature).await);
        let mut bent = key.clone();
        bent[usize::from(n) * 7] ^= 0x10;
        assert!(!verified(&mut owner, &bent, &message, &signature).await);
        let mut bent = signature.clone();
        bent[40 + usize::from(n)] ^= 0x01;
        assert!(!verified(&mut owner, &key, &message, &bent).await);
    }
    // Malformed: short, S not below the group's order, garbage: false, never an error.
    let (key, message, signature) = (
        unhex(RFC_8032[0].0),
        unhex(RFC_8032[0].1),
        unhex(RFC_8032[0].2),
    );
    assert!(!verified(&mut owner, &key[..31], &message, &signature).await);
    assert!(!verified(&mut owner, &key, &message, &signature[..63]).await);
    let mut big_s = signature.clone();
    big_s[32..].fill(0xff);
    assert!(!verified(&mut owner, &key, &message, &big_s).await);
    assert!(!verified(&mut owner, &[0xff; 32], &message, &signature).await);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_cannot_store_a_checkpoint_whose_signature_does_not_hold() {
    let f = floor("kyb_bogus_checkpoint").await;
    let head = f.boss.head().await.expect("head");
    let (key, _) = CheckpointKey::generate().expect("a key");
    let mut hand = f.ana_by_hand().await;
    let store = |public: String, signature: String| {
        let workspace = f.t.workspace.clone();
        let hash = head.hash.clone();
        async move {
            sqlx::query("SELECT team_add_checkpoint($1, $2, $3, $4, $5)")
                .bind(workspace)
                .bind(head.seq)
                .bind(hash)
                .bind(public)
                .bind(signature)
        }
    };
    let elsewhere = key.sign_hex(&checkpoint_message("otro-espacio", head.seq, &head.hash));
    for (public, signature) in [
        (key.public_hex(), "00".repeat(64)),
        (
            "ab".repeat(32),
            key.sign_hex(&checkpoint_message(&f.t.workspace, head.seq, &head.hash)),
        ),
        (key.public_hex(), elsewhere),
        ("no es una clave".to_owned(), "tampoco".to_owned()),
    ] {
        let refused = store(public, signature)
            .await
            .execute(&mut hand)
            .await
            .expect_err("a signature that does not hold");
        assert_eq!(refusal(&refused).0, "KY007");
    }
    assert!(f.boss.checkpoints().await.expect("read").is_empty());
    // A real one, as the desk signs it, is kept, and the chain verifies with it.
    f.ana.sign_checkpoint(&key).await.expect("signed");
    let chain = f.boss.verify_chain().await.expect("verified");
    assert!(chain.breaks.is_empty(), "{:?}", chain.breaks);
    assert_eq!(chain.checkpoints, 1);
}
