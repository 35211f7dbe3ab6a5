-- One of the partner rules of SPEC §7, atomic. It runs as the owner (SECURITY DEFINER) and acts
-- only for app_current_user_id(). Locks are always taken profiles first (in id order), then
-- pairing codes, so that concurrent calls cannot deadlock.
-- A failure is named by its code in error_code (packages/protocol/src/errors.ts).
CREATE OR REPLACE FUNCTION disconnect_from_partner() RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
  partner uuid;
BEGIN
  SELECT partner_id INTO partner FROM profiles WHERE id = me;
  IF partner IS NULL THEN
    RETURN jsonb_build_object('success', false, 'message', null,
      'error_code', 'no_partner_connection');
  END IF;

  PERFORM 1 FROM profiles WHERE id IN (me, partner) ORDER BY id FOR UPDATE;
  -- Re-read under the lock: a concurrent disconnect may have won.
  SELECT partner_id INTO partner FROM profiles WHERE id = me;
  IF partner IS NULL THEN
    RETURN jsonb_build_object('success', false, 'message', null,
      'error_code', 'no_partner_connection');
  END IF;

  UPDATE profiles SET partner_id = NULL, partner_status = 'none', updated_at = now()
    WHERE id IN (me, partner);
  UPDATE partner_connections SET ended_at = now(), ended_by = me
    WHERE ended_at IS NULL AND (user1_id IN (me, partner) OR user2_id IN (me, partner));

  RETURN jsonb_build_object('success', true, 'message', 'Disconnected from partner',
    'error_code', null, 'partner_id', partner);
END
$$;

REVOKE ALL ON FUNCTION disconnect_from_partner() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION disconnect_from_partner() TO app_user;
