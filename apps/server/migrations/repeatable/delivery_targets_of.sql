-- What notifying the caller or the caller's current partner needs (app_delivery_targets), read
-- by a service in the transaction of the change that notifies them: an answer's asker, a
-- thought's receiver, the code owner a pairing connects, both partners of a new wish match. NULL
-- for anyone else, a former partner included: they are not told.
CREATE OR REPLACE FUNCTION delivery_targets_of(p_user uuid) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF p_user IS NULL
      OR (p_user IS DISTINCT FROM app_current_user_id()
        AND p_user IS DISTINCT FROM get_my_partner_id()) THEN
    RETURN NULL;
  END IF;
  RETURN app_delivery_targets(p_user);
END
$$;

REVOKE ALL ON FUNCTION delivery_targets_of(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION delivery_targets_of(uuid) TO app_user;
