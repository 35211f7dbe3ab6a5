-- The caller's id, or 28000 when there is none.
CREATE OR REPLACE FUNCTION app_require_user() RETURNS uuid
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
