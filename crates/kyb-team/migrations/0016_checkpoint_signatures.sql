-- A checkpoint's signature is checked when it is stored. The desks always checked it
-- when verifying the chain, but a supervisor could store one with a made-up key or
-- signature, which can never be removed (checkpoints are append-only), so that every
-- desk reported a broken chain from then on. Now the database refuses it (KY007).
--
-- The check is Ed25519 (RFC 8032, section 5.1.7), as the desks sign (ring): the
-- signature (R, S) holds for the public key A over the message M when S < L and
-- [S]B = R + [k]A, k = SHA-512(R || A || M) mod L; here, as ring does, by encoding
-- [S]B - [k]A and comparing it with R. Field arithmetic on numeric, exact, mod
-- p = 2^255 - 19; points in extended coordinates (X, Y, Z, T), added by RFC 8032's
-- unified formula (a doubling is an addition of a point to itself). The constants are
-- computed from their definitions (d = -121665/121666, B's y = 4/5 with x even,
-- sqrt(-1) = 2^((p-1)/4)), not copied. Tested against RFC 8032's own vectors and
-- against signatures ring makes (crates/kyb-team/tests/checkpoint_signatures.rs).

-- 2^n, exactly (numeric multiplication; power() may round).
CREATE FUNCTION team_ed_two_to(n integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    result numeric := 1;
BEGIN
    FOR i IN 1 .. n LOOP
        result := result * 2;
    END LOOP;
    RETURN result;
END $$;

-- 2^255 - 19, and the group's order L = 2^252 + 27742317777372353535851937790883648493.
-- Immutable without arguments: each use is computed once, when its statement is planned.
CREATE FUNCTION team_ed_p() RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
    SELECT team_ed_two_to(255) - 19
$$;
CREATE FUNCTION team_ed_l() RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
    SELECT team_ed_two_to(252) + 27742317777372353535851937790883648493
$$;

-- b^e mod m, by squaring.
CREATE FUNCTION team_ed_pow(b numeric, e numeric, m numeric) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    result numeric := 1;
    base numeric := mod(b, m);
    rest numeric := e;
BEGIN
    IF base < 0 THEN base := base + m; END IF;
    WHILE rest > 0 LOOP
        IF mod(rest, 2) = 1 THEN
            result := mod(result * base, m);
        END IF;
        base := mod(base * base, m);
        rest := div(rest, 2);
    END LOOP;
    RETURN result;
END $$;

-- The 32 bytes of `b` from `at` as a little-endian integer.
CREATE FUNCTION team_ed_int(b bytea, at integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    n numeric := 0;
BEGIN
    FOR i IN REVERSE at + 31 .. at LOOP
        n := n * 256 + get_byte(b, i);
    END LOOP;
    RETURN n;
END $$;

-- d = -121665 / 121666 mod p.
CREATE FUNCTION team_ed_d() RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
    SELECT mod((team_ed_p() - 121665) * team_ed_pow(121666, team_ed_p() - 2, team_ed_p()), team_ed_p())
$$;

-- The x of the point with this y and x's lowest bit `sign` (RFC 8032, 5.1.3), or null
-- when there is none.
CREATE FUNCTION team_ed_x(y numeric, sign integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    p numeric := team_ed_p();
    u numeric;
    v numeric;
    x numeric;
    vxx numeric;
BEGIN
    IF y >= p THEN
        RETURN NULL;
    END IF;
    u := mod(y * y - 1 + p, p);
    v := mod(team_ed_d() * y * y + 1, p);
    x := mod(u * team_ed_pow(v, 3, p) * team_ed_pow(u * team_ed_pow(v, 7, p), div(p - 5, 8), p), p);
    vxx := mod(v * x * x, p);
    IF vxx = u THEN
        NULL;
    ELSIF vxx = mod(p - u, p) THEN
        x := mod(x * team_ed_pow(2, div(p - 1, 4), p), p);
    ELSE
        RETURN NULL;
    END IF;
    IF x = 0 AND sign = 1 THEN
        RETURN NULL;
    END IF;
    IF mod(x, 2) <> sign THEN
        x := p - x;
    END IF;
    RETURN x;
END $$;

-- A point's encoding (32 bytes): y little-endian, x's lowest bit in the top bit.
-- `q` is (X, Y, Z, T).
CREATE FUNCTION team_ed_encode(q numeric[]) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    p numeric := team_ed_p();
    zi numeric := team_ed_pow(q[3], p - 2, p);
    x numeric := mod(q[1] * zi, p);
    y numeric := mod(q[2] * zi, p);
    out bytea := '\x0000000000000000000000000000000000000000000000000000000000000000';
BEGIN
    FOR i IN 0 .. 31 LOOP
        out := set_byte(out, i, mod(y, 256)::integer);
        y := div(y, 256);
    END LOOP;
    IF mod(x, 2) = 1 THEN
        out := set_byte(out, 31, get_byte(out, 31) | 128);
    END IF;
    RETURN out;
END $$;

-- RFC 8032's point addition (unified: a doubling too).
CREATE FUNCTION team_ed_add(a numeric[], b numeric[]) RETURNS numeric[]
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    p numeric := team_ed_p();
    aa numeric := mod((a[2] - a[1] + p) * (b[2] - b[1] + p), p);
    bb numeric := mod((a[2] + a[1]) * (b[2] + b[1]), p);
    cc numeric := mod(a[4] * 2 * team_ed_d() * b[4], p);
    dd numeric := mod(a[3] * 2 * b[3], p);
    e numeric := mod(bb - aa + p, p);
    f numeric := mod(dd - cc + p, p);
    g numeric := mod(dd + cc, p);
    h numeric := mod(bb + aa, p);
BEGIN
    RETURN ARRAY[mod(e * f, p), mod(g * h, p), mod(f * g, p), mod(e * h, p)];
END $$;

-- [n]q, by doubling and adding.
CREATE FUNCTION team_ed_mul(n numeric, q numeric[]) RETURNS numeric[]
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    result numeric[] := ARRAY[0, 1, 1, 0]::numeric[];
    addend numeric[] := q;
    rest numeric := n;
BEGIN
    WHILE rest > 0 LOOP
        IF mod(rest, 2) = 1 THEN
            result := team_ed_add(result, addend);
        END IF;
        addend := team_ed_add(addend, addend);
        rest := div(rest, 2);
    END LOOP;
    RETURN result;
END $$;

-- Whether `signature` (64 bytes) is `public_key`'s (32 bytes) Ed25519 signature of
-- `message`. Anything malformed is false, never an error.
CREATE FUNCTION team_ed25519_verify(public_key bytea, message bytea, signature bytea) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    p numeric := team_ed_p();
    l numeric := team_ed_l();
    ay numeric;
    ax numeric;
    s numeric;
    k numeric;
    by_ numeric;
    bx numeric;
    base numeric[];
    minus_a numeric[];
    check_ numeric[];
    h bytea;
BEGIN
    IF public_key IS NULL OR signature IS NULL OR message IS NULL
       OR length(public_key) <> 32 OR length(signature) <> 64 THEN
        RETURN false;
    END IF;
    s := team_ed_int(signature, 32);
    IF s >= l THEN
        RETURN false;
    END IF;
    ay := team_ed_int(set_byte(public_key, 31, get_byte(public_key, 31) & 127), 0);
    ax := team_ed_x(ay, get_byte(public_key, 31) >> 7);
    IF ax IS NULL THEN
        RETURN false;
    END IF;
    by_ := mod(4 * team_ed_pow(5, p - 2, p), p);
    bx := team_ed_x(by_, 0);
    base := ARRAY[bx, by_, 1, mod(bx * by_, p)];
    -- -A = (p - x, y).
    minus_a := ARRAY[mod(p - ax, p), ay, 1, mod((p - ax) * ay, p)];
    -- k: SHA-512(R || A || M), its 64 bytes a little-endian integer, mod L.
    h := sha512(substring(signature FROM 1 FOR 32) || public_key || message);
    k := mod(team_ed_int(h, 0) + team_ed_two_to(256) * team_ed_int(h, 32), l);
    check_ := team_ed_add(team_ed_mul(s, base), team_ed_mul(k, minus_a));
    RETURN team_ed_encode(check_) = substring(signature FROM 1 FOR 32);
END $$;

-- A supervisor's signed checkpoint of the chain: it names an entry of the chain, and its
-- signature is the key's over this workspace's (sequence, hash), as the desks sign it
-- (checkpoint.rs: "kyb-team checkpoint v1", the workspace, the sequence and the hash,
-- each on a line), or it is refused.
CREATE OR REPLACE FUNCTION team_add_checkpoint(p_workspace text, p_seq bigint, p_hash text,
                                               p_public_key text, p_signature text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF NOT EXISTS (SELECT 1 FROM team_audit WHERE workspace_id = p_workspace AND seq = p_seq AND hash = p_hash) THEN
        PERFORM team_raise('KY007', 'the checkpoint does not name an entry of the chain');
    END IF;
    IF p_public_key IS NULL OR p_public_key !~* '^[0-9a-f]{64}$'
       OR p_signature IS NULL OR p_signature !~* '^[0-9a-f]{128}$'
       OR NOT team_ed25519_verify(
              decode(lower(p_public_key), 'hex'),
              convert_to(format(E'kyb-team checkpoint v1\n%s\n%s\n%s\n', p_workspace, p_seq, p_hash), 'UTF8'),
              decode(lower(p_signature), 'hex')) THEN
        PERFORM team_raise('KY007', 'the checkpoint''s signature does not hold for its key');
    END IF;
    INSERT INTO team_checkpoint (workspace_id, seq, hash, signer, public_key, signature)
        VALUES (p_workspace, p_seq, p_hash, session_user, p_public_key, p_signature)
        ON CONFLICT DO NOTHING;
    PERFORM team_event(p_workspace, 'checkpoint-signed', p_seq::text, 'hasta la entrada ' || p_seq);
END $$;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 16 $$;
