-- What the sender's server needs to notify the partner of a desire (app_delivery_targets), read
-- with it in one statement by send_desire_in_scope.
CREATE OR REPLACE FUNCTION partner_delivery_targets() RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  RETURN app_delivery_targets(get_my_partner_id());
END
$$;

REVOKE ALL ON FUNCTION partner_delivery_targets() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION partner_delivery_targets() TO app_user;
