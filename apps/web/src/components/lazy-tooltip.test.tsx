/**
 * The lazily loaded tooltip (MUI's Tooltip and Popper stay out of the first paint):
 * the element is named as MUI's Tooltip would name it before any code is fetched, the tooltip
 * opens on hover and on keyboard focus once its code is there, and the focused element is never
 * replaced (keyboard focus stays where it was).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyTooltip, TOOLTIP_ENTER_DELAY_MS } from './lazy-tooltip.tsx';

/**
 * jsdom decides `:focus-visible` from the history of focus moves across the whole file, so a
 * test's outcome would depend on the tests before it; here it is the focused element, as in a
 * browser after a Tab.
 */
function focusFromKeyboard(): void {
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    return selector === ':focus-visible' ? this === document.activeElement : matches.call(this, selector);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LazyTooltip', () => {
  it('names the element by its title before anything is fetched, and shows no tooltip', () => {
    render(
      <LazyTooltip title="Reviews" placement="right">
        <span>icon</span>
      </LazyTooltip>,
    );
    expect(screen.getByLabelText('Reviews')).toHaveTextContent('icon');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps a name the element has of its own', () => {
    render(
      <LazyTooltip title="Search (Ctrl+K)">
        <button type="button" aria-label="Search">
          S
        </button>
      </LazyTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('opens on keyboard focus once loaded, on the same focused element; Escape closes it', async () => {
    focusFromKeyboard();
    const user = userEvent.setup();
    const onFocus = vi.fn();
    render(
      <>
        <button type="button">before</button>
        <LazyTooltip title="Search (Ctrl+K)">
          <button type="button" aria-label="Search" onFocus={onFocus}>
            S
          </button>
        </LazyTooltip>
      </>,
    );
    await user.tab();
    await user.tab();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toHaveFocus();
    // The element's own handler still runs (the search button preloads its dialog on focus).
    expect(onFocus).toHaveBeenCalledTimes(1);

    expect(await screen.findByRole('tooltip')).toHaveTextContent('Search (Ctrl+K)');
    expect(screen.getByRole('button', { name: 'Search' })).toBe(button);
    expect(button).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('opens when keyboard focus lands inside the element (a control in a wrapper, as in the collapsed menu)', async () => {
    focusFromKeyboard();
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <LazyTooltip title="Inbox" placement="right">
          <span>
            <button type="button" aria-label="Inbox">
              i
            </button>
          </span>
        </LazyTooltip>
      </>,
    );
    await user.tab();
    await user.tab();
    const control = screen.getByRole('button', { name: 'Inbox' });
    expect(control).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Inbox');
    expect(control).toHaveFocus();
  });

  it('does not open when focus is not from the keyboard (a click)', async () => {
    render(
      <LazyTooltip title="Search (Ctrl+K)">
        <button type="button" aria-label="Search">
          S
        </button>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Search' });
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':focus-visible' ? false : matches.call(this, selector);
    });
    button.focus();
    await new Promise((resolve) => setTimeout(resolve, TOOLTIP_ENTER_DELAY_MS * 3));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    const user = userEvent.setup();
    render(
      <LazyTooltip title="Reviews" placement="right">
        <span>icon</span>
      </LazyTooltip>,
    );
    const element = screen.getByLabelText('Reviews');
    await user.hover(element);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Reviews');

    await user.unhover(element);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});
