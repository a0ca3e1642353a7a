import { useLayoutEffect, useState } from 'react';

/**
 * The width an element is laid out at (its border box), kept current as it resizes; 0 until it is
 * measured.
 *
 * In a browser the first measure is the resize observer's first report, which comes after the
 * browser's own layout of the new page: measuring at once, in the layout effect, forced that layout
 * inside React's commit, the first screen's longest task (issue 16: total blocking time). The
 * chart is then drawn in the frame after its card. Without an observer (tests) it is measured at once.
 */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return undefined;
    if (typeof ResizeObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- measuring layout in a layout effect is React's own pattern; the element comes from a callback ref the rule cannot see
      setWidth(element.getBoundingClientRect().width);
      return undefined;
    }
    // The border box: an observer's contentRect leaves out the padding, and a tooltip placed by its
    // content width alone overhangs the chart's edge by its padding. Read in the observer's callback,
    // layout is already done, so the measure costs nothing.
    const observer = new ResizeObserver(() => setWidth(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
