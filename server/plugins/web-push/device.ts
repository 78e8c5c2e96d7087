/**
 * A device's name for the user's list, from the user agent that subscribed it: "Chrome · Android".
 * Only the browser's and the system's family: enough to tell one's phone from one's laptop.
 */
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\//, 'Edge'], [/SamsungBrowser\//, 'Samsung Internet'], [/OPR\//, 'Opera'], [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'], [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'], [/iPhone|iPad|iPod/, 'iOS'], [/CrOS/, 'ChromeOS'], [/Windows/, 'Windows'], [/Mac OS X|Macintosh/, 'macOS'], [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1];

export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  return [first(BROWSERS, ua), first(SYSTEMS, ua)].filter(Boolean).join(' · ') || '?';
}
