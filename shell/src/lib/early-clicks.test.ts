import { holdEarlyClicks, replayEarlyClicks } from './early-clicks';

function page(serverRendered: boolean): HTMLButtonElement {
  document.body.innerHTML =
    `<div id="root"><button type="button">Sign In</button></div>` +
    (serverRendered ? '<script type="application/json" id="ssr-page">{}</script>' : '');
  return document.querySelector('button')!;
}

describe('clicks before hydration', () => {
  it('holds a click on a server-rendered button and replays it once', () => {
    const button = page(true);
    holdEarlyClicks();
    const handler = vi.fn();
    button.click();
    button.click();
    // Hydration attaches the handler afterwards and marks the node as React's.
    button.addEventListener('click', handler);
    Object.assign(button, { __reactProps$test: {} });
    expect(handler).not.toHaveBeenCalled();
    replayEarlyClicks();
    expect(handler).toHaveBeenCalledTimes(1);
    // From now on clicks go straight through.
    button.click();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('holds nothing on a page rendered in the browser', () => {
    const button = page(false);
    holdEarlyClicks();
    const handler = vi.fn();
    document.addEventListener('click', handler);
    button.click();
    expect(handler).toHaveBeenCalledTimes(1);
    replayEarlyClicks();
    expect(handler).toHaveBeenCalledTimes(1);
    document.removeEventListener('click', handler);
  });

  it('holds a click on a radio button, so it is not ticked until React has it, then replays it', () => {
    document.body.innerHTML =
      '<div id="root"><label><input type="radio" name="stock" value="out"> Out of stock</label></div>' +
      '<script type="application/json" id="ssr-page">{}</script>';
    const radio = document.querySelector('input')!;
    holdEarlyClicks();
    document.querySelector('label')!.click();
    expect(radio.checked).toBe(false);
    const onChange = vi.fn();
    radio.addEventListener('change', onChange);
    Object.assign(radio, { __reactProps$test: {} });
    replayEarlyClicks();
    expect(radio.checked).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('does not replay a button that is gone', () => {
    const button = page(true);
    holdEarlyClicks();
    const handler = vi.fn();
    button.addEventListener('click', handler);
    button.click();
    button.remove();
    replayEarlyClicks();
    expect(handler).not.toHaveBeenCalled();
  });
});
