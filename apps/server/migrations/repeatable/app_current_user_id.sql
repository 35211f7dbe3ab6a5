-- The caller's id: the transaction-local setting app.user_id that the server sets with the role
-- app_user for user-scoped work (NULL for the owner's own work). Policies are written with it.
CREATE OR REPLACE FUNCTION app_current_user_id() RETURNS uuid
LANGUAGE sql STABLE
AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
