import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import {
  MENU_API,
  ZLiveMenu,
  ZMenuHistory,
  ZMenuHistoryRequest,
  ZMenuInsights,
  ZMenuInsightsRequest,
  ZMenuItem,
  ZMenuItemCreate,
  ZMenuItems,
  ZMenuItemUpdate,
  ZItemOffer,
  ZItemOfferCreate,
  ZItemOfferDelete,
  ZItemOfferDeleted,
  ZItemOffers,
  ZOutletPick,
} from '@dinedesk/contracts/menu';
import { createOffer, deleteOffer, listOffers } from './menu.offers.ts';
import { createItem, history, listItems, liveMenu, menuInsights, updateItem } from './menu.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const READ = { need: { action: 'read', subject: 'MenuManagement', scope: 'outlet' } } as const;
const EDIT = { need: { action: 'update', subject: 'MenuManagement', scope: 'outlet' } } as const;

/**
 * The menu (docs/decisions/0039): Reporting → Live menu (`read Reporting`), Menu
 * Management → Insights and Audit history (`read MenuManagement`), and the item editor (`update
 * MenuManagement`: owners, brand and outlet managers granted the module); the item offer tracker
 * (`read Reporting`; offers set up and removed with `update MenuManagement`).
 */
export async function menuRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    MENU_API.liveMenu,
    { config: { need: { action: 'read', subject: 'Reporting', scope: 'outlet' } }, schema: { tags: ['reporting'], security, summary: 'The live menu of an outlet: items, latest price, and whether each is still ordered', body: ZOutletPick.nullish(), response: { 200: ZLiveMenu, ...errors } } },
    async (req) => liveMenu(app.ctx, req.auth, req.body ?? {}),
  );
  const tags = ['menu'];
  r.post(MENU_API.items, { config: READ, schema: { tags, security, summary: 'The menu items of an outlet, as Menu Management edits them', body: ZOutletPick.nullish(), response: { 200: ZMenuItems, ...errors } } }, async (req) => listItems(app.ctx, req.auth, req.body ?? {}));
  r.post(
    MENU_API.insights,
    { config: READ, schema: { tags, security, summary: 'Per item quantity, revenue and share against the previous period; rising, falling and unordered items', body: ZMenuInsightsRequest.nullish(), response: { 200: ZMenuInsights, ...errors } } },
    async (req) => menuInsights(app.ctx, req.auth, req.body ?? {}),
  );
  r.post(
    MENU_API.createItem,
    { config: EDIT, schema: { tags, security, summary: 'Add a menu item by hand (recorded in the audit history)', body: ZMenuItemCreate, response: { 201: ZMenuItem, ...errors, 409: ZErrorResponse } } },
    async (req, reply) => reply.status(201).send(await createItem(app.ctx, req.auth, req.body)),
  );
  r.post(
    MENU_API.updateItem,
    { config: EDIT, schema: { tags, security, summary: 'Change a menu item’s name, price or availability (recorded in the audit history)', body: ZMenuItemUpdate, response: { 200: ZMenuItem, ...errors, 409: ZErrorResponse } } },
    async (req) => updateItem(app.ctx, req.auth, req.body),
  );
  r.post(
    MENU_API.offers,
    { config: { need: { action: 'read', subject: 'Reporting', scope: 'outlet' } }, schema: { tags: ['reporting'], security, summary: 'Price changes of an outlet’s items in its orders, and its offers with their effect on quantity', body: ZOutletPick.nullish(), response: { 200: ZItemOffers, ...errors } } },
    async (req) => listOffers(app.ctx, req.auth, req.body ?? {}),
  );
  r.post(
    MENU_API.createOffer,
    { config: EDIT, schema: { tags: ['reporting'], security, summary: 'Set up an offer on a menu item', body: ZItemOfferCreate, response: { 201: ZItemOffer, ...errors } } },
    async (req, reply) => reply.status(201).send(await createOffer(app.ctx, req.auth, req.body)),
  );
  r.post(
    MENU_API.deleteOffer,
    { config: EDIT, schema: { tags: ['reporting'], security, summary: 'Remove an offer set up by mistake', body: ZItemOfferDelete, response: { 200: ZItemOfferDeleted, ...errors } } },
    async (req) => {
      await deleteOffer(app.ctx, req.auth, req.body);
      return { deleted: true as const };
    },
  );
  r.post(MENU_API.history, { config: READ, schema: { tags, security, summary: 'The append-only audit history of an outlet’s menu, newest first', body: ZMenuHistoryRequest, response: { 200: ZMenuHistory, ...errors } } }, async (req) => history(app.ctx, req.auth, req.body));
}
