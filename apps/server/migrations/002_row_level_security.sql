-- User-scoped work runs as app_user (never the table owner) with the caller's id in the
-- transaction-local setting app.user_id. Policies below are the only way rows become visible.

DO $$
BEGIN
  CREATE ROLE app_user NOLOGIN;
EXCEPTION
  -- Roles are cluster-wide: another database (or a concurrent migration) may have made it.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;

DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'app_user', 'MEMBER') THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
END
$$;

CREATE FUNCTION app_current_user_id() RETURNS uuid
LANGUAGE sql STABLE
AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;

CREATE FUNCTION app_require_user() RETURNS uuid
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  me uuid := app_current_user_id();
BEGIN
  IF me IS NULL THEN
    RAISE EXCEPTION 'Not authenticated' USING ERRCODE = '28000';
  END IF;
  RETURN me;
END
$$;

-- Runs as the owner so that policies can ask for the partner without recursing into profiles.
CREATE FUNCTION get_my_partner_id() RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT partner_id FROM profiles WHERE id = app_current_user_id() $$;

REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO app_user;

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE auth_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE email_confirmations ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_secrets ENABLE ROW LEVEL SECURITY;
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE pairing_codes ENABLE ROW LEVEL SECURITY;
ALTER TABLE partner_connections ENABLE ROW LEVEL SECURITY;
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE notification_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE debug_logs ENABLE ROW LEVEL SECURITY;

-- users, auth_sessions, refresh_tokens, email_confirmations and app_secrets: no grant, no policy.

-- A profile sees its own row; the partner's username comes only through get_partner_summary().
GRANT SELECT ON profiles TO app_user;
GRANT UPDATE (username, updated_at) ON profiles TO app_user;
CREATE POLICY profiles_select_own ON profiles FOR SELECT TO app_user
  USING (id = app_current_user_id());
CREATE POLICY profiles_update_own ON profiles FOR UPDATE TO app_user
  USING (id = app_current_user_id()) WITH CHECK (id = app_current_user_id());

GRANT SELECT ON pairing_codes TO app_user;
CREATE POLICY pairing_codes_select_own ON pairing_codes FOR SELECT TO app_user
  USING (owner_id = app_current_user_id());

GRANT SELECT ON partner_connections TO app_user;
CREATE POLICY partner_connections_select_own ON partner_connections FOR SELECT TO app_user
  USING (app_current_user_id() IN (user1_id, user2_id));

GRANT SELECT ON messages TO app_user;
GRANT INSERT (id, sender_id, receiver_id, intensity, urgency, encrypted, note, note_encrypted,
  encryption_data) ON messages TO app_user;
GRANT UPDATE (read_at) ON messages TO app_user;
CREATE POLICY messages_select_party ON messages FOR SELECT TO app_user
  USING (app_current_user_id() IN (sender_id, receiver_id));
CREATE POLICY messages_insert_to_partner ON messages FOR INSERT TO app_user
  WITH CHECK (sender_id = app_current_user_id() AND receiver_id = get_my_partner_id());
CREATE POLICY messages_update_received ON messages FOR UPDATE TO app_user
  USING (receiver_id = app_current_user_id()) WITH CHECK (receiver_id = app_current_user_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON push_subscriptions TO app_user;
CREATE POLICY push_subscriptions_own ON push_subscriptions FOR ALL TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

GRANT SELECT, DELETE ON notification_tokens TO app_user;
GRANT UPDATE (enabled, updated_at) ON notification_tokens TO app_user;
CREATE POLICY notification_tokens_own ON notification_tokens FOR ALL TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

GRANT SELECT ON debug_logs TO app_user;
CREATE POLICY debug_logs_own_or_partner ON debug_logs FOR SELECT TO app_user
  USING (user_id = app_current_user_id() OR user_id = get_my_partner_id());
