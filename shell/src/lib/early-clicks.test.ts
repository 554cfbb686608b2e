import { holdEarlyClicks } from './early-clicks';

/** What hydration does to a node: React keeps its props on it. */
const hydrate = <T extends Element>(element: T) => Object.assign(element, { __reactProps$test: {} });

function page(serverRendered: boolean, markup = '<button type="button">Sign In</button>') {
  document.body.innerHTML =
    `<div id="root">${markup}</div>` +
    (serverRendered ? '<script type="application/json" id="ssr-page">{}</script>' : '');
}

/** A server-rendered page whose button (not hydrated) was clicked while clicks are held. */
function clickHeldButton() {
  page(true);
  const button = document.querySelector('button')!;
  stop = holdEarlyClicks();
  const handler = vi.fn();
  button.addEventListener('click', handler);
  button.click();
  return { button, handler };
}

let stop = () => {};
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('clicks before hydration', () => {
  it('holds a click on a server-rendered button and replays it once, when React has the button', () => {
    page(true);
    const button = document.querySelector('button')!;
    stop = holdEarlyClicks();
    const handler = vi.fn();
    button.click();
    button.click();
    // Hydration attaches the handler afterwards and marks the node as React's.
    button.addEventListener('click', handler);
    vi.advanceTimersByTime(500);
    expect(handler).not.toHaveBeenCalled();
    hydrate(button);
    vi.advanceTimersByTime(50);
    expect(handler).toHaveBeenCalledTimes(1);
    // From now on clicks go straight through.
    button.click();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('holds nothing on a page rendered in the browser', () => {
    page(false);
    stop = holdEarlyClicks();
    const handler = vi.fn();
    document.addEventListener('click', handler);
    document.querySelector('button')!.click();
    expect(handler).toHaveBeenCalledTimes(1);
    document.removeEventListener('click', handler);
  });

  it('lets a click on a hydrated part through while holding one on a part still waiting for its code', () => {
    page(
      true,
      '<button type="button">Menu</button><label><input type="radio" name="stock" value="out"> Out of stock</label>',
    );
    const menu = hydrate(document.querySelector('button')!);
    const radio = document.querySelector('input')!;
    stop = holdEarlyClicks();
    const onMenu = vi.fn();
    menu.addEventListener('click', onMenu);
    menu.click();
    expect(onMenu).toHaveBeenCalledTimes(1);
    // The filters' slot has not hydrated: the radio button is not ticked behind React's back.
    document.querySelector('label')!.click();
    vi.advanceTimersByTime(2_000);
    expect(radio.checked).toBe(false);
    const onChange = vi.fn();
    radio.addEventListener('change', onChange);
    hydrate(radio);
    vi.advanceTimersByTime(50);
    expect(radio.checked).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('does not replay a button that is gone', () => {
    const { button, handler } = clickHeldButton();
    button.remove();
    vi.advanceTimersByTime(11_000);
    expect(handler).not.toHaveBeenCalled();
  });

  it('lets a held click through after 10 s if its control never hydrates', () => {
    const { handler } = clickHeldButton();
    vi.advanceTimersByTime(9_000);
    expect(handler).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_100);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
