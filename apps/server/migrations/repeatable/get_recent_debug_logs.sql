-- The caller's newest debug log entries.
CREATE OR REPLACE FUNCTION get_recent_debug_logs(p_limit integer DEFAULT 50, p_function_name text DEFAULT NULL)
RETURNS TABLE (function_name text, input_params jsonb, error_message text,
  execution_time_ms integer, created_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT l.function_name, l.input_params, l.error_message, l.execution_time_ms, l.created_at
  FROM debug_logs l
  WHERE (l.user_id = app_require_user() OR l.user_id = get_my_partner_id())
    AND (p_function_name IS NULL OR l.function_name = p_function_name)
  ORDER BY l.created_at DESC, l.id DESC
  LIMIT least(greatest(coalesce(p_limit, 50), 1), 100)
$$;

REVOKE ALL ON FUNCTION get_recent_debug_logs(integer, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION get_recent_debug_logs(integer, text) TO app_user;
