/**
 * Reply templates on the Reviews screen: the composer's "Use a template" select
 * (variables filled for the review, text editable before it goes out, the user's own text only
 * replaced on request) and the management dialog of owners and brand managers (add, edit,
 * delete, the server's refusals next to their field).
 */
import { API, type TAbilityRule, type TReplyTemplate, type TSaveReplyTemplateRequest } from '@dinedesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { googleReviewFixture, OWNER_RULES, pageFixture, reviewFixture } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { formatDate } from '../format.ts';
import { reviewsBackend } from '../testing/reviews-backend.ts';
import { ReviewsPage } from './reviews-page.tsx';

// No realtime in these tests: the socket never connects.
vi.mock('../../../lib/socket.ts', () => ({
  getSocket: () => new Promise(() => {}),
  closeSocket: () => {},
}));

/** The server's rules per role (apps/server/src/lib/ability.ts), as far as this screen asks. */
const AGENT_RULES: TAbilityRule[] = [
  { action: 'read', subject: 'Review' },
  { action: 'read', subject: 'ReplyTemplate' },
  { action: 'create', subject: 'ReviewReply' },
];
const BRAND_MANAGER_RULES: TAbilityRule[] = [
  ...AGENT_RULES,
  { action: 'update', subject: 'ReviewSync' },
  { action: 'delete', subject: 'ReviewReply' },
  { action: 'manage', subject: 'ReplyTemplate' },
];
const VIEWER_RULES: TAbilityRule[] = [
  { action: 'read', subject: 'Review' },
  { action: 'read', subject: 'ReplyTemplate' },
];

const PARADISE = { outletId: '0b7e5d3c-1a2b-4c3d-8e4f-000000000001', outletName: 'Paradise, Gachibowli', brandId: '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b1', brandName: 'Paradise' };
const BAWARCHI = { outletId: '0b7e5d3c-1a2b-4c3d-8e4f-000000000002', outletName: 'Bawarchi, RTC X Roads', brandId: '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b2', brandName: 'Bawarchi' };
const paradise = pageFixture({ outletId: PARADISE.outletId, brandId: PARADISE.brandId });
/** A Facebook review by Ravi Kumar at Paradise. */
const ravi = reviewFixture({ ...PARADISE });
/** A Google review by Arjun Rao at Bawarchi, without a reply. */
const arjun = googleReviewFixture({
  ...BAWARCHI,
  id: '700002',
  reviewer: { id: 'accounts/7001/locations/9002/reviews/g-2', name: 'Arjun Rao' },
  rating: 2,
  text: 'Too salty.',
});

/** Two of the demo templates (apps/server/src/db/seed.ts). */
const PRAISE: TReplyTemplate = {
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  name: 'Thank you (praise)',
  body: 'Thank you, {reviewer_first_name}! We are glad you enjoyed your meal at {outlet}. The whole team at {brand} looks forward to welcoming you again.',
  updatedAt: '2025-01-05T10:00:00.000Z',
  updatedByName: null,
};
const FOOD: TReplyTemplate = {
  id: '6f1c2a4e-0000-4000-8000-000000000002',
  name: 'Sorry (food)',
  body: 'Dear {reviewer_first_name}, we are sorry your food at {outlet} was not what it should be.',
  updatedAt: '2025-01-20T08:30:00.000Z',
  updatedByName: 'Asha Rao',
};
const SAVED_AT = '2025-02-01T10:00:00.000Z';

/**
 * The reviews API with the client's templates: listed by name, saved (a name another template
 * has is a 409 naming `body.name`, as on the server) and deleted.
 */
function setup({ rules = OWNER_RULES, path = PATHS.reviews, templates = [PRAISE, FOOD] }: { rules?: TAbilityRule[]; path?: string; templates?: TReplyTemplate[] } = {}) {
  const backend = reviewsBackend({ pages: [paradise], reviews: [ravi, arjun] });
  let stored = [...templates];
  let nextId = 100;
  backend.use(
    handle.replyTemplates(() => ({ data: [...stored].sort((a, b) => a.name.localeCompare(b.name)) })),
    handle.saveReplyTemplate(({ body }) => {
      if (stored.some((t) => t.name === body.name && t.id !== body.id)) {
        return reply.error(409, { message: `A template named “${body.name}” exists already; choose another name.`, field: 'body.name', code: 'template_name_taken' });
      }
      const saved: TReplyTemplate = {
        id: body.id ?? `6f1c2a4e-0000-4000-8000-000000000${nextId++}`,
        name: body.name,
        body: body.body,
        updatedAt: SAVED_AT,
        updatedByName: 'Asha Rao',
      };
      stored = [...stored.filter((t) => t.id !== saved.id), saved];
      return saved;
    }),
    handle.deleteReplyTemplate(({ body }) => {
      if (!stored.some((t) => t.id === body.id)) return reply.error(404, { message: `Template ${body.id} not found`, field: 'body.id' });
      stored = stored.filter((t) => t.id !== body.id);
      return { deleted: true };
    }),
  );
  const view = renderWithProviders(<ReviewsPage />, { path, rules });
  return { backend, ...view, user: userEvent.setup() };
}

const saveBodies = (backend: ReturnType<typeof setup>['backend']) =>
  backend.callsTo(API.saveReplyTemplate, 'POST').map((call) => call.body as TSaveReplyTemplateRequest);

/** The composer's template select, once the templates are there. */
async function templateSelect(detail: HTMLElement) {
  const select = await within(detail).findByTestId('reply-template');
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}

describe('Reply templates in the composer', () => {
  it('fills the variables for a Facebook review; the reply stays editable and the edited text is sent', async () => {
    const { backend, user } = setup({ rules: AGENT_RULES, path: `${PATHS.reviews}?review=500001` });
    const detail = await screen.findByTestId('review-detail');
    const select = await templateSelect(detail);
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a template…', 'Sorry (food)', 'Thank you (praise)']);
    expect(screen.getByRole('combobox', { name: 'Use a template' })).toBe(select);

    await user.selectOptions(select, 'Thank you (praise)');

    const input = within(detail).getByTestId('reply-input');
    expect(input).toHaveValue('Thank you, Ravi! We are glad you enjoyed your meal at Paradise, Gachibowli. The whole team at Paradise looks forward to welcoming you again.');
    expect(input).toHaveFocus();
    // The select is an action: back to its prompt, ready for another pick.
    expect(select).toHaveValue('');
    await user.type(input, ' See you soon!');
    await user.click(within(detail).getByTestId('reply-submit'));

    await waitFor(() => expect(backend.callsTo(API.replyFbReview, 'POST')).toHaveLength(1));
    expect(backend.callsTo(API.replyFbReview, 'POST')[0]!.body).toEqual({
      pageId: '1001',
      reviewId: '500001',
      message: 'Thank you, Ravi! We are glad you enjoyed your meal at Paradise, Gachibowli. The whole team at Paradise looks forward to welcoming you again. See you soon!',
    });
    expect(backend.callsTo(API.replyFbReview, 'POST')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('fills the variables for a Google review, and the edited text goes to Google', async () => {
    const { backend, user } = setup({ rules: AGENT_RULES, path: `${PATHS.reviews}?review=700002` });
    const detail = await screen.findByTestId('review-detail');
    await user.selectOptions(await templateSelect(detail), 'Sorry (food)');

    const input = within(detail).getByTestId('reply-input');
    expect(input).toHaveValue('Dear Arjun, we are sorry your food at Bawarchi, RTC X Roads was not what it should be.');
    // Edit a word: "sorry" → "very sorry".
    fireEvent.change(input, { target: { value: 'Dear Arjun, we are very sorry your food at Bawarchi, RTC X Roads was not what it should be.' } });
    await user.click(within(detail).getByTestId('reply-submit'));

    await waitFor(() => expect(backend.callsTo(API.replyGoogleReview, 'POST')).toHaveLength(1));
    expect(backend.callsTo(API.replyGoogleReview, 'POST')[0]!.body).toEqual({
      reviewId: '700002',
      comment: 'Dear Arjun, we are very sorry your food at Bawarchi, RTC X Roads was not what it should be.',
    });
    expect(backend.callsTo(API.replyFbReview)).toHaveLength(0);
  });

  it('replaces text the user wrote only once they confirm', async () => {
    const { user } = setup({ rules: AGENT_RULES, path: `${PATHS.reviews}?review=500001` });
    const detail = await screen.findByTestId('review-detail');
    const select = await templateSelect(detail);
    const input = within(detail).getByTestId('reply-input');
    await user.type(input, 'My own words');

    await user.selectOptions(select, 'Sorry (food)');
    expect(input).toHaveValue('My own words');
    const confirm = within(detail).getByTestId('reply-template-confirm');
    expect(confirm).toHaveTextContent('Replace your reply with “Sorry (food)”?');
    await user.click(within(confirm).getByTestId('reply-template-keep'));
    expect(input).toHaveValue('My own words');
    expect(within(detail).queryByTestId('reply-template-confirm')).not.toBeInTheDocument();

    await user.selectOptions(select, 'Thank you (praise)');
    await user.click(within(detail).getByTestId('reply-template-replace'));
    expect((input as HTMLTextAreaElement).value).toMatch(/^Thank you, Ravi! We are glad/);
    expect(within(detail).queryByTestId('reply-template-confirm')).not.toBeInTheDocument();
  });

  it('shows an agent the select but no way to manage the templates', async () => {
    setup({ rules: AGENT_RULES, path: `${PATHS.reviews}?review=500001` });
    const detail = await screen.findByTestId('review-detail');
    await templateSelect(detail);
    expect(screen.queryByTestId('reply-templates-manage')).not.toBeInTheDocument();
  });

  it('shows a viewer neither the select nor the management, and asks for no templates', async () => {
    const { backend } = setup({ rules: VIEWER_RULES, path: `${PATHS.reviews}?review=500001` });
    const detail = await screen.findByTestId('review-detail');
    expect(await within(detail).findByText('Your role can read reviews but not reply to them.')).toBeInTheDocument();
    expect(screen.queryByTestId('reply-template')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reply-templates-manage')).not.toBeInTheDocument();
    expect(backend.callsTo(API.replyTemplates)).toHaveLength(0);
  });

  it('offers no select to a role without read ReplyTemplate, and asks for no templates', async () => {
    const { backend } = setup({ rules: AGENT_RULES.filter((r) => r.subject !== 'ReplyTemplate'), path: `${PATHS.reviews}?review=500001` });
    const detail = await screen.findByTestId('review-detail');
    await within(detail).findByTestId('reply-input');
    expect(within(detail).queryByTestId('reply-template')).not.toBeInTheDocument();
    expect(backend.callsTo(API.replyTemplates)).toHaveLength(0);
  });

  it('leaves the composer as it was when the templates cannot be loaded', async () => {
    const { backend, user } = setup({ rules: AGENT_RULES, path: `${PATHS.reviews}?review=500001` });
    backend.use(handle.replyTemplates(() => reply.error(500, { message: 'Internal error' })));
    const detail = await screen.findByTestId('review-detail');
    await waitFor(() => expect(backend.callsTo(API.replyTemplates).length).toBeGreaterThan(0));
    await waitFor(() => expect(within(detail).queryByTestId('reply-template')).not.toBeInTheDocument());
    expect(within(detail).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(within(detail).getByTestId('reply-input'), 'Thanks!');
    expect(within(detail).getByTestId('reply-submit')).toBeEnabled();
  });

  it('says when there are no templates yet', async () => {
    setup({ rules: AGENT_RULES, path: `${PATHS.reviews}?review=500001`, templates: [] });
    const detail = await screen.findByTestId('review-detail');
    const select = await within(detail).findByTestId('reply-template');
    await waitFor(() => expect(within(select).getByRole('option')).toHaveTextContent('No templates yet'));
    expect(select).toBeDisabled();
  });
});

describe('Reply templates, the management dialog', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByTestId('reply-templates-manage'));
    return screen.findByTestId('reply-templates-dialog');
  }

  it('lists the templates with a preview and who changed them last', async () => {
    const { user } = setup();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('dialog', { name: 'Reply templates' })).toBeInTheDocument();
    const items = await within(dialog).findAllByTestId('reply-template-item');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Sorry (food)', 'Thank you (praise)']);
    expect(items[0]).toHaveTextContent(FOOD.body);
    expect(items[0]).toHaveTextContent(`Changed by Asha Rao, ${formatDate(FOOD.updatedAt, 'en', true)}`);
    // Seeded templates have no author.
    expect(items[1]).toHaveTextContent(`Changed ${formatDate(PRAISE.updatedAt, 'en', true)}`);

    await user.click(within(dialog).getByTestId('reply-templates-close'));
    await waitFor(() => expect(screen.queryByTestId('reply-templates-dialog')).not.toBeInTheDocument());
  });

  it('creates a template, the variables inserted at the caret', async () => {
    const { backend, user } = setup({ rules: BRAND_MANAGER_RULES });
    const dialog = await openDialog(user);
    await within(dialog).findAllByTestId('reply-template-item');
    await user.click(within(dialog).getByTestId('reply-template-add'));

    const save = within(dialog).getByTestId('reply-template-save');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByTestId('reply-template-name'), 'Welcome back');
    const body = within(dialog).getByTestId('reply-template-body') as HTMLTextAreaElement;
    await user.type(body, 'Hello , see you at !');
    // After "Hello " …
    body.setSelectionRange(6, 6);
    await user.click(within(dialog).getByTestId('template-variable-reviewer_first_name'));
    expect(body).toHaveValue('Hello {reviewer_first_name}, see you at !');
    expect(body).toHaveFocus();
    expect(body.selectionStart).toBe('Hello {reviewer_first_name}'.length);
    // … and before the "!".
    body.setSelectionRange(body.value.length - 1, body.value.length - 1);
    await user.click(within(dialog).getByTestId('template-variable-outlet'));
    expect(body).toHaveValue('Hello {reviewer_first_name}, see you at {outlet}!');
    await user.click(save);

    await waitFor(() => expect(saveBodies(backend)).toEqual([{ name: 'Welcome back', body: 'Hello {reviewer_first_name}, see you at {outlet}!' }]));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Template saved.');
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('reply-template-item').map((item) => within(item).getByRole('heading').textContent)).toEqual([
        'Sorry (food)',
        'Thank you (praise)',
        'Welcome back',
      ]),
    );
  });

  it('edits a template: its id goes with the new name and text', async () => {
    const { backend, user } = setup();
    const dialog = await openDialog(user);
    const food = (await within(dialog).findAllByTestId('reply-template-item'))[0]!;
    await user.click(within(food).getByRole('button', { name: 'Edit “Sorry (food)”' }));

    const name = within(dialog).getByTestId('reply-template-name');
    const body = within(dialog).getByTestId('reply-template-body');
    expect(name).toHaveValue('Sorry (food)');
    expect(body).toHaveValue(FOOD.body);
    await user.clear(name);
    await user.type(name, 'Sorry (cold food)');
    fireEvent.change(body, { target: { value: 'Dear {reviewer_first_name}, we are sorry your food was cold.' } });
    await user.click(within(dialog).getByTestId('reply-template-save'));

    await waitFor(() => expect(saveBodies(backend)).toEqual([{ id: FOOD.id, name: 'Sorry (cold food)', body: 'Dear {reviewer_first_name}, we are sorry your food was cold.' }]));
    const edited = await within(dialog).findByText('Sorry (cold food)');
    expect(edited.closest('li')).toHaveTextContent('Dear {reviewer_first_name}, we are sorry your food was cold.');
    expect(within(dialog).queryByText('Sorry (food)')).not.toBeInTheDocument();
  });

  it('deletes a template only after a confirmation', async () => {
    const { backend, user } = setup();
    const dialog = await openDialog(user);
    const praise = (await within(dialog).findAllByTestId('reply-template-item'))[1]!;

    await user.click(within(praise).getByTestId('reply-template-delete'));
    expect(praise).toHaveTextContent('Delete the template “Thank you (praise)”?');
    await user.click(within(praise).getByTestId('reply-template-delete-cancel'));
    expect(backend.callsTo(API.deleteReplyTemplate)).toHaveLength(0);

    await user.click(within(praise).getByTestId('reply-template-delete'));
    await user.click(within(praise).getByTestId('reply-template-delete-confirm'));

    await waitFor(() => expect(backend.callsTo(API.deleteReplyTemplate, 'POST').map((call) => call.body)).toEqual([{ id: PRAISE.id }]));
    await waitFor(() => expect(within(dialog).getAllByTestId('reply-template-item')).toHaveLength(1));
    expect(within(dialog).getByTestId('reply-template-item')).toHaveTextContent('Sorry (food)');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Template deleted.');
  });

  it('shows a name another template has (409) on the name field, and clears it when the name changes', async () => {
    const { backend, user } = setup();
    const dialog = await openDialog(user);
    await within(dialog).findAllByTestId('reply-template-item');
    await user.click(within(dialog).getByTestId('reply-template-add'));
    const name = within(dialog).getByTestId('reply-template-name');
    await user.type(name, 'Sorry (food)');
    fireEvent.change(within(dialog).getByTestId('reply-template-body'), { target: { value: 'Sorry, {reviewer_first_name}.' } });
    await user.click(within(dialog).getByTestId('reply-template-save'));

    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('A template named “Sorry (food)” exists already; choose another name.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(saveBodies(backend)).toHaveLength(1);
    // The form stays, with what was typed.
    expect(within(dialog).getByTestId('reply-template-form')).toBeInTheDocument();

    await user.type(name, ' 2');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(dialog).getByTestId('reply-template-save'));
    await waitFor(() => expect(within(dialog).queryByTestId('reply-template-form')).not.toBeInTheDocument());
    expect(saveBodies(backend).at(-1)).toEqual({ name: 'Sorry (food) 2', body: 'Sorry, {reviewer_first_name}.' });
  });

  it('refuses a variable the server does not know on the text field, without a request', async () => {
    const { backend, user } = setup();
    const dialog = await openDialog(user);
    await within(dialog).findAllByTestId('reply-template-item');
    await user.click(within(dialog).getByTestId('reply-template-add'));
    await user.type(within(dialog).getByTestId('reply-template-name'), 'Hello');
    const body = within(dialog).getByTestId('reply-template-body');
    fireEvent.change(body, { target: { value: 'Hello {firstname}' } });
    await user.click(within(dialog).getByTestId('reply-template-save'));

    await waitFor(() => expect(body).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(/body may only use the variables \{reviewer_first_name\}, \{outlet\}, \{brand\}/)).toBeInTheDocument();
    expect(backend.callsTo(API.saveReplyTemplate)).toHaveLength(0);
  });

  it('shows other refusals as an alert in the form', async () => {
    const { backend, user } = setup();
    backend.use(handle.saveReplyTemplate(() => reply.error(403, { message: 'Your role may not change reply templates.' })));
    const dialog = await openDialog(user);
    await within(dialog).findAllByTestId('reply-template-item');
    await user.click(within(dialog).getByTestId('reply-template-add'));
    await user.type(within(dialog).getByTestId('reply-template-name'), 'Hello');
    fireEvent.change(within(dialog).getByTestId('reply-template-body'), { target: { value: 'Hello {brand}' } });
    await user.click(within(dialog).getByTestId('reply-template-save'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your role may not change reply templates.');
  });
});
