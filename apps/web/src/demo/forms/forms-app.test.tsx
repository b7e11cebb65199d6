/**
 * The Forms section in jsdom: routing and titles; the inputs page's password
 * toggle; Autocomplete search; the pickers in the app's language; a react-imask mask; the
 * reservation form (react-hook-form + zod) refusing then accepting; and the wizard refusing an
 * invalid step with its errors, then going through to the summary. Error texts come from the
 * translated keys of the schemas, so the German run checks a German message.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import FormsApp from './forms-app.tsx';

beforeAll(() => i18n.loadNamespaces(['demo', 'demo-forms']));

const open = (path: string) => renderWithProviders(<FormsApp />, { path });
const FUTURE = '2099-06-15';

describe('the Forms section', () => {
  it('opens the inputs page for an unknown path; the password can be shown and hidden', async () => {
    const user = userEvent.setup();
    const { location } = open('/forms/elsewhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Form Input' })).toBeInTheDocument();
    expect(urlOf(location)).toBe('/forms/elements/input');
    const password = screen.getByTestId('input-password');
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'secret');
    await user.click(screen.getByRole('button', { name: 'Show the password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(within(screen.getByTestId('input-summary')).getByText('••••••')).toBeInTheDocument();
  });

  it('select: Autocomplete finds a dish as you type', async () => {
    const user = userEvent.setup();
    open('/forms/elements/select');
    await user.type(await screen.findByRole('combobox', { name: 'Search a dish' }), 'tira');
    await user.click(await screen.findByRole('option', { name: 'Tiramisu' }));
    expect(screen.getByTestId('autocomplete-dish-value')).toHaveTextContent('Chosen: Tiramisu');
  });

  it('pickers: date, time and date-time pickers in the app language', async () => {
    await changeLanguage('de');
    open('/forms/elements/pickers');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('picked-date')).toHaveTextContent('Freitag, 27. November 2026');
    expect(screen.getAllByRole('group', { name: /Reservierungsdatum|Ankunftszeit|Beginn der Veranstaltung/ })).toHaveLength(3);
  });

  it('input mask: the card number is grouped by four and marked complete', async () => {
    const user = userEvent.setup();
    open('/forms/elements/input-mask');
    const card = await screen.findByTestId('mask-card');
    await user.type(card, '4242x4242424242424242');
    expect(card).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('mask-card-value')).toHaveTextContent('4242424242424242');
    expect(screen.getByTestId('mask-card-value')).toHaveTextContent('Complete');
  });

  it('form validation: refuses an empty form with messages under the fields, then books', async () => {
    const user = userEvent.setup();
    open('/forms/form-validation');
    await user.click(await screen.findByTestId('validation-submit'));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field is required.'));
    expect(name).toHaveFocus();
    expect(screen.getByText('You must accept the terms to continue.')).toBeInTheDocument();

    await user.type(name, 'Alice Moreau');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'alice@example');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+44 20 7946 0958');
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: FUTURE } });
    await user.clear(screen.getByRole('spinbutton', { name: 'Guests' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Guests' }), '4');
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    await user.click(screen.getByTestId('validation-submit'));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.com');
    await user.click(screen.getByTestId('validation-submit'));
    const success = await screen.findByTestId('validation-success');
    expect(success).toHaveTextContent('Alice Moreau, a table for 4 guests on Monday, June 15, 2099 at 19:30 (Dining room).');
  });

  it('form validation speaks German when the app does', async () => {
    const user = userEvent.setup();
    await changeLanguage('de');
    open('/forms/form-validation');
    await user.click(await screen.findByTestId('validation-submit'));
    expect(await screen.findAllByText('Dieses Feld ist erforderlich.')).not.toHaveLength(0);
  });

  it('wizard: Next refuses an invalid step and shows its errors, then the booking goes through', async () => {
    const user = userEvent.setup();
    open('/forms/wizard');
    const next = await screen.findByTestId('wizard-next');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'A');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(next);
    expect(await screen.findByText('Enter at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Your details' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'lice Moreau');
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'alice@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+33 1 23 45 67 89');
    await user.click(screen.getByTestId('wizard-next'));

    expect(await screen.findByRole('form', { name: 'Your booking' })).toBeInTheDocument();
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: FUTURE } });
    // Back keeps what was typed.
    await user.click(screen.getByTestId('wizard-back'));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Alice Moreau');
    await user.click(screen.getByTestId('wizard-next'));
    fireEvent.change(await screen.findByLabelText(/^Date/), { target: { value: FUTURE } });
    await user.click(screen.getByTestId('wizard-next'));

    expect(await screen.findByRole('form', { name: 'Deposit' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Alice Moreau');
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/29');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('You must accept the terms to continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    await user.click(screen.getByTestId('wizard-next'));

    const success = await screen.findByTestId('wizard-success');
    expect(success).toHaveTextContent('Your table is booked!');
    expect(success).toHaveTextContent('alice@example.com');
    expect(success).toHaveTextContent('•••• 4242');
  });
});
