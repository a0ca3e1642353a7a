import { useLayoutEffect, useState } from 'react';

/**
 * The width an element is laid out at (its border box), kept current as it resizes; 0 until it is
 * measured.
 * Measured in a layout effect, before the first paint, so that a chart and its tooltip are drawn in
 * the same frame as their card (Mantine's useElementSize reports 0 for that frame).
 */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return undefined;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    // The border box, as measured above: an observer's contentRect leaves out the padding, and a
    // tooltip placed by its content width alone overhangs the chart's edge by its padding.
    const observer = new ResizeObserver(() => setWidth(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
