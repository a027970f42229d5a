-- The ledger's rules kept by the database itself (docs/decisions/076), whoever writes: the app, a script,
-- an operator at a psql prompt. Postings and transactions only grow; a party changes only when its
-- person's account is deleted; every transaction balances per currency and book and holds exactly its
-- line_count postings, checked at commit.
-- TRUNCATE passes only while no transaction exists: the benches empty their people with
-- TRUNCATE "user" CASCADE, which reaches the parties, and an empty ledger has nothing to lose.
CREATE FUNCTION daywork_ledger_is_empty() RETURNS boolean
LANGUAGE sql STABLE
AS $$
  SELECT NOT EXISTS (SELECT 1 FROM ledger_transactions) AND NOT EXISTS (SELECT 1 FROM ledger_postings)
$$;--> statement-breakpoint
CREATE FUNCTION daywork_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' AND daywork_ledger_is_empty() THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation', HINT = 'Post a correcting transaction instead.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_change BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION daywork_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION daywork_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_change BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION daywork_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION daywork_ledger_append_only();--> statement-breakpoint
-- The one change a party takes: its person's account deleted, user_id cleared (by the deletion, or by the
-- foreign key's SET NULL), stamped with when. Its label never named anyone and stays.
CREATE FUNCTION daywork_ledger_party_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.label = OLD.label
    AND NEW.created_at = OLD.created_at AND OLD.user_id IS NOT NULL AND NEW.user_id IS NULL THEN
    NEW.anonymised_at := coalesce(NEW.anonymised_at, now());
    RETURN NEW;
  END IF;
  IF TG_OP = 'TRUNCATE' AND daywork_ledger_is_empty() THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'ledger_parties: % refused (a party outlives its account)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_parties_guard BEFORE UPDATE OR DELETE ON ledger_parties
  FOR EACH ROW EXECUTE FUNCTION daywork_ledger_party_guard();--> statement-breakpoint
CREATE TRIGGER ledger_parties_no_truncate BEFORE TRUNCATE ON ledger_parties
  FOR EACH STATEMENT EXECUTE FUNCTION daywork_ledger_party_guard();--> statement-breakpoint
-- Each account's book, as domain/ledger.ts LEDGER_ACCOUNT_RULES says (a test keeps the two in step).
CREATE FUNCTION daywork_ledger_book(account ledger_account) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE account
    WHEN 'employer_receivable' THEN 'money'
    WHEN 'provider_cash' THEN 'money'
    WHEN 'worker_payable' THEN 'money'
    WHEN 'payouts_in_transit' THEN 'money'
    WHEN 'platform_fee' THEN 'money'
    WHEN 'platform_adjustments' THEN 'money'
    WHEN 'card_hold' THEN 'holds'
    WHEN 'hold_secured' THEN 'holds'
    WHEN 'direct_owed' THEN 'direct'
    WHEN 'direct_marked_paid' THEN 'direct'
    WHEN 'direct_confirmed' THEN 'direct'
  END
$$;--> statement-breakpoint
CREATE FUNCTION daywork_ledger_check_transaction(checked uuid) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  declared integer;
  found integer;
  unbalanced boolean;
BEGIN
  SELECT line_count INTO declared FROM ledger_transactions WHERE id = checked;
  SELECT coalesce(sum(n), 0), coalesce(bool_or(total <> 0 OR book IS NULL), false) INTO found, unbalanced
  FROM (
    SELECT count(*) AS n, sum(amount_minor) AS total, daywork_ledger_book(account) AS book
    FROM ledger_postings WHERE transaction_id = checked
    GROUP BY currency, daywork_ledger_book(account)
  ) per_book;
  IF found <> declared THEN
    RAISE EXCEPTION 'ledger transaction % has % postings, not its line_count %', checked, found, declared
      USING ERRCODE = 'check_violation';
  END IF;
  IF unbalanced THEN
    RAISE EXCEPTION 'ledger transaction % does not balance to zero in each currency and book', checked
      USING ERRCODE = 'check_violation';
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION daywork_ledger_balanced() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_TABLE_NAME = 'ledger_postings' THEN
    PERFORM daywork_ledger_check_transaction(NEW.transaction_id);
  ELSE
    PERFORM daywork_ledger_check_transaction(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- At commit: a transaction written without postings (or with too few, or unbalanced) fails, and so does
-- a posting added later to a committed transaction.
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION daywork_ledger_balanced();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION daywork_ledger_balanced();
