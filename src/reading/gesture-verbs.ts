/**
 * Verbs that do something on a screen or to a running program rather than name a view of a
 * resource: the pointer and key gestures of the W3C UI Events and WebDriver Actions specifications
 * (click, double click, context click, hover, press, type, scroll, drag, drop, tap, swipe, focus),
 * moving between windows and frames (switch, navigate, reload), and making or applying a result
 * (render, apply, prepare). A `method`-like argument whose values include one of them picks
 * something to do (`interact(action: click | hover)`, `frame(action: switch | default)`,
 * `metro(action: prepare | reload)`), never a view to read (view-choices.ts). Data only.
 */
const gestureVerbs: ReadonlySet<string> = new Set([
  'click',
  'dblclick',
  'doubleclick',
  'rightclick',
  'contextclick',
  'hover',
  'press',
  'type',
  'scroll',
  'drag',
  'drop',
  'tap',
  'swipe',
  'pinch',
  'focus',
  'blur',
  'switch',
  'navigate',
  'reload',
  'render',
  'apply',
  'prepare',
]);

/**
 * Whether a value of a `method`-like argument is a gesture or action verb: `click`, `double_click`, `reload`.
 *
 * @example
 *   isGestureVerb('doubleclick'); // true
 *   isGestureVerb('positions');   // false
 */
export function isGestureVerb(value: string): boolean {
  const words = value
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return gestureVerbs.has(words.join('')) || (words[0] !== undefined && gestureVerbs.has(words[0]));
}
