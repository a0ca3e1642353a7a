import { forwardRef, useEffect, useRef, type FocusEvent, type MouseEvent } from 'react';
import { Link, type LinkProps } from 'react-router';
import { PREFETCH_HOVER_DELAY_MS, prefetchRoute } from '@/lib/route-prefetch';

function pathOf(to: LinkProps['to']): string {
  if (typeof to === 'string') return to;
  return to.pathname ?? '';
}

/**
 * A router link that starts loading the target route's code when the pointer rests on it for
 * 100 ms (spec section 9), so the chunk is usually there by the time of the click.
 */
export const PrefetchLink = forwardRef<HTMLAnchorElement, LinkProps>(function PrefetchLink(
  { to, onMouseEnter, onMouseLeave, onFocus, ...rest },
  ref,
) {
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => prefetchRoute(pathOf(to)), PREFETCH_HOVER_DELAY_MS);
  };

  return (
    <Link
      ref={ref}
      to={to}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        start();
        onMouseEnter?.(event);
      }}
      onMouseLeave={(event: MouseEvent<HTMLAnchorElement>) => {
        window.clearTimeout(timer.current);
        onMouseLeave?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetchRoute(pathOf(to));
        onFocus?.(event);
      }}
      {...rest}
    />
  );
});
