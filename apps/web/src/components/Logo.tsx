import { Heart } from 'lucide-react';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-20 rounded-3xl' : 'size-9 rounded-xl';
  const icon = size === 'lg' ? 'size-10' : 'size-5';
  return (
    <span
      className={`inline-grid place-items-center bg-gradient-to-br from-brand-600 to-fuchsia-700 shadow-md ${box}`}
      aria-hidden="true"
    >
      <Heart className={`fill-white text-white ${icon}`} />
    </span>
  );
}
