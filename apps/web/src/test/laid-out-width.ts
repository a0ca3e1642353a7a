import { vi } from 'vitest';

/**
 * happy-dom lays nothing out: every element is given this box, and a resize observer reports it as
 * soon as it observes (a browser's observer reports once the page has been laid out).
 */
export function layOutElementsAt(width: number, height: number): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width, height }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report([{ target } as unknown as ResizeObserverEntry], this);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
