/**
 * The first view in the browser's page (src/firstView/page.ts): shown over the app's root and
 * removed with its styles, never shown once the app drew its page; the chart's width kept for the
 * window width it was measured at.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { firstViewAnswers, rememberChartWidth, rememberedChartWidth, releaseFirstView, showFirstView } from '../../../src/firstView/page';

const withRoot = () => document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-first-view-done');
  localStorage.clear();
});

describe('the first view', () => {
  it('shows in front of the app, out of reach of focus and screen readers, and goes with its styles', () => {
    const root = withRoot();
    expect(showFirstView({ html: '<button>Proyecto</button>', css: '<style data-emotion="fv a">.fv-a{color:red}</style>', answers: null }, 'rtl')).toBe(true);
    const holder = document.getElementById('first-view')!;
    expect(holder.nextElementSibling).toBe(root);
    expect(holder.dir).toBe('rtl');
    expect(holder.inert).toBe(true);
    expect(holder.getAttribute('aria-hidden')).toBe('true');
    expect(root.style.visibility).toBe('hidden');
    // A second answer (a retry) does not stack another copy.
    expect(showFirstView({ html: '<p>otra</p>', css: '', answers: null }, 'ltr')).toBe(false);
    releaseFirstView();
    expect(document.getElementById('first-view')).toBeNull();
    expect(document.querySelector('style[data-emotion^="fv"]')).toBeNull();
    expect(root.getAttribute('style')).toBeNull();
    expect(showFirstView({ html: '<p>tarde</p>', css: '', answers: null }, 'ltr')).toBe(false);
  });

  it("keeps its element ids apart from the app's, which draws behind it (the top bar's title)", () => {
    withRoot();
    showFirstView({
      html: '<h6 id="react-admin-title"><span>Monitoreo</span></h6><svg><clipPath id="_R_1_"><rect></rect></clipPath><g clip-path="url(#_R_1_)"></g></svg>',
      css: '',
      answers: null,
    }, 'ltr');
    expect(document.getElementById('react-admin-title')).toBeNull();
    const clip = document.querySelector('#first-view clipPath')!;
    expect(document.querySelector('#first-view g')!.getAttribute('clip-path')).toBe(`url(#${clip.id})`);
  });

  it('gives the app the answers it was drawn from while it shows, none after', () => {
    withRoot();
    expect(firstViewAnswers()).toBeUndefined();
    showFirstView({ html: '<p>Monitoreo</p>', css: '', answers: { queries: [] } }, 'ltr');
    expect(firstViewAnswers()).toEqual({ queries: [] });
    releaseFirstView();
    expect(firstViewAnswers()).toBeUndefined();
  });

  it('is not shown once the app drew its page, nor without the root to stand in for', () => {
    expect(showFirstView({ html: '<p>sin raíz</p>', css: '', answers: null }, 'ltr')).toBe(false);
    withRoot();
    releaseFirstView();
    expect(showFirstView({ html: '<p>tarde</p>', css: '', answers: null }, 'ltr')).toBe(false);
    expect(document.getElementById('first-view')).toBeNull();
  });
});

describe("the chart's width", () => {
  const atWindowWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  const initial = window.innerWidth;
  afterEach(() => atWindowWidth(initial));

  it('is given back only at the window width it was measured at, for the last few widths', () => {
    atWindowWidth(1366);
    expect(rememberedChartWidth()).toBeUndefined();
    rememberChartWidth(1003.6);
    expect(rememberedChartWidth()).toBe(1004);
    // The phone turned: both ways are known.
    atWindowWidth(390);
    expect(rememberedChartWidth()).toBeUndefined();
    rememberChartWidth(340);
    atWindowWidth(1366);
    expect(rememberedChartWidth()).toBe(1004);
    // Four widths are kept, the oldest go.
    for (const width of [400, 500, 600]) { atWindowWidth(width); rememberChartWidth(width - 50); }
    atWindowWidth(390);
    expect(rememberedChartWidth()).toBe(340);
    atWindowWidth(1366);
    expect(rememberedChartWidth()).toBeUndefined();
    localStorage.setItem('first-view.chart-widths', 'not json');
    expect(rememberedChartWidth()).toBeUndefined();
  });
});
