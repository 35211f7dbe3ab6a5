-- Farcaster mini-app notification tokens are unique per (client app, mini app, user). The
-- client app is identified by its fid (appFid of the signed webhook event), so that removing
-- the mini-app in one Farcaster client disables only that client's tokens.
ALTER TABLE notification_tokens ADD COLUMN IF NOT EXISTS app_fid bigint;

-- The webhook stores a token as its owner (store_notification_token, as app_user) and then
-- records which client it belongs to.
GRANT UPDATE (app_fid) ON notification_tokens TO app_user;
