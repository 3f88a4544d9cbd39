//! Signed checkpoints of the trail: a supervisor signs (sequence, hash) of the chain
//! with an Ed25519 key kept in their keyring, the database keeps the signature, and
//! every desk's verification checks it and that the chain still has that entry with
//! that hash. Someone with the owner's rights can rewrite the chain and its head, but
//! not sign as the supervisor: the rewrite is found (docs/SECURITY.md, threat model).

use ring::signature::{ED25519, Ed25519KeyPair, KeyPair, UnparsedPublicKey};
use serde::Serialize;
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

/// What is signed: the workspace, the sequence and the hash, each on a line, after a
/// fixed first line (a signature made for something else never reads as one).
pub fn checkpoint_message(workspace: &str, seq: i64, hash: &str) -> Vec<u8> {
    format!("kyb-team checkpoint v1\n{workspace}\n{seq}\n{hash}\n").into_bytes()
}

/// A checkpoint as the database keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Checkpoint {
    #[ts(type = "number")]
    pub seq: i64,
    pub hash: String,
    pub signer: String,
    pub at: String,
    /// Hex of the Ed25519 public key.
    pub public_key: String,
    /// Hex of the signature.
    pub signature: String,
}

impl Checkpoint {
    /// Whether the signature is the key's over this workspace's (seq, hash).
    pub fn signature_holds(&self, workspace: &str) -> bool {
        let (Some(key), Some(signature)) = (unhex(&self.public_key), unhex(&self.signature)) else {
            return false;
        };
        UnparsedPublicKey::new(&ED25519, key)
            .verify(
                &checkpoint_message(workspace, self.seq, &self.hash),
                &signature,
            )
            .is_ok()
    }
}

/// A supervisor's signing key, kept (by the desk, in their keyring) as the hex of its
/// PKCS#8 document.
pub struct CheckpointKey(Ed25519KeyPair);

impl CheckpointKey {
    /// A new key, and what to keep of it (hex of PKCS#8).
    pub fn generate() -> Option<(Self, String)> {
        let rng = ring::rand::SystemRandom::new();
        let document = Ed25519KeyPair::generate_pkcs8(&rng).ok()?;
        let kept = hex(document.as_ref());
        Some((Self::from_kept(&kept)?, kept))
    }

    /// The key from what was kept of it.
    pub fn from_kept(kept: &str) -> Option<Self> {
        Ed25519KeyPair::from_pkcs8(&unhex(kept)?).ok().map(Self)
    }

    pub fn public_hex(&self) -> String {
        hex(self.0.public_key().as_ref())
    }

    /// Hex of the key's signature over `message` (a checkpoint's, [`checkpoint_message`]).
    pub fn sign_hex(&self, message: &[u8]) -> String {
        hex(self.0.sign(message).as_ref())
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

impl Team {
    /// A supervisor signs the chain as it is now (its head) and the database keeps the
    /// checkpoint; the checkpoint, for the supervisor to export.
    pub async fn sign_checkpoint(&self, key: &CheckpointKey) -> TeamResult<Checkpoint> {
        let head = self.head().await?;
        let signature = key.sign_hex(&checkpoint_message(&self.workspace, head.seq, &head.hash));
        sqlx::query("SELECT team_add_checkpoint($1, $2, $3, $4, $5)")
            .bind(&self.workspace)
            .bind(head.seq)
            .bind(&head.hash)
            .bind(key.public_hex())
            .bind(&signature)
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
        let mut all = self.checkpoints().await?;
        all.retain(|c| c.seq == head.seq && c.public_key == key.public_hex());
        all.pop().ok_or(TeamError::NoOpenIntent)
    }

    /// The workspace's checkpoints, oldest first.
    pub async fn checkpoints(&self) -> TeamResult<Vec<Checkpoint>> {
        sqlx::query_as::<_, Checkpoint>(
            "SELECT seq, hash, signer, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS at,
                    public_key, signature
             FROM team_checkpoints_v WHERE workspace_id = $1 ORDER BY seq, at",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }
}

#[cfg(test)]
mod tests {
    use super::{Checkpoint, CheckpointKey, checkpoint_message, hex};

    #[test]
    fn a_signature_holds_for_its_workspace_sequence_and_hash_only() {
        let (key, kept) = CheckpointKey::generate().unwrap();
        let again = CheckpointKey::from_kept(&kept).unwrap();
        assert_eq!(key.public_hex(), again.public_hex(), "kept and read back");
        let hash = "ab".repeat(32);
        let checkpoint = Checkpoint {
            seq: 7,
            hash: hash.clone(),
            signer: "jefa".into(),
            at: String::new(),
            public_key: key.public_hex(),
            signature: key.sign_hex(&checkpoint_message("ws", 7, &hash)),
        };
        assert!(checkpoint.signature_holds("ws"));
        assert!(!checkpoint.signature_holds("otro"));
        let moved = Checkpoint {
            seq: 6,
            ..checkpoint.clone()
        };
        assert!(!moved.signature_holds("ws"));
        let (other, _) = CheckpointKey::generate().unwrap();
        let forged = Checkpoint {
            public_key: other.public_hex(),
            ..checkpoint.clone()
        };
        assert!(!forged.signature_holds("ws"));
        assert_eq!(hex(&[0, 255]), "00ff");
    }
}
