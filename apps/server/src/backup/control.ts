// replaced by the backup helper's control channel
/**
 * Whether a running server is using this data directory. Placeholder until the backup helper's
 * control socket is merged: it always answers false.
 */
export async function dataDirInUse(dataDir: string): Promise<boolean> {
  void dataDir;
  return false;
}
