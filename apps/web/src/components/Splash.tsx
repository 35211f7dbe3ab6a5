import { Heart } from 'lucide-react';

/** Start-up screen while the session and profile are checked (always time-limited). */
export function Splash() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-label="Loading">
      <Heart className="size-12 animate-pulse fill-brand-600 text-brand-600" aria-hidden="true" />
    </div>
  );
}
