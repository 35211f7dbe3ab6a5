-- The debug log is capped: each account keeps its 200 newest entries (DEBUG_LOG_ENTRIES_KEPT in
-- packages/protocol).
-- A failure is named by its code in error_code (packages/protocol/src/errors.ts).
CREATE OR REPLACE FUNCTION log_debug(p_function_name text, p_input_params jsonb DEFAULT NULL,
  p_error_message text DEFAULT NULL, p_execution_time_ms integer DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
BEGIN
  IF p_function_name IS NULL OR char_length(btrim(p_function_name)) = 0 THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'debug_function_name_required');
  END IF;
  INSERT INTO debug_logs (user_id, function_name, input_params, error_message, execution_time_ms)
  VALUES (
    me,
    left(p_function_name, 100),
    CASE WHEN octet_length(p_input_params::text) > 8192
      THEN jsonb_build_object('truncated', true) ELSE p_input_params END,
    left(p_error_message, 2000),
    greatest(p_execution_time_ms, 0));
  -- Each account keeps its newest entries only; a client in a loop cannot fill the disk.
  DELETE FROM debug_logs
  WHERE user_id = me
    AND id < (SELECT min(id) FROM (
      SELECT id FROM debug_logs WHERE user_id = me ORDER BY id DESC LIMIT 200) AS newest);
  RETURN jsonb_build_object('success', true, 'error_code', null);
END
$$;

REVOKE ALL ON FUNCTION log_debug(text, jsonb, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION log_debug(text, jsonb, text, integer) TO app_user;
