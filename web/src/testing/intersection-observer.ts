/**
 * An IntersectionObserver the test drives (vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)):
 * intersect() tells every observer whether its elements are near the screen.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements.length = 0;
  }
  static intersect(isIntersecting = true) {
    for (const o of FakeIntersectionObserver.instances) {
      const entries = o.elements.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      if (entries.length > 0) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}
