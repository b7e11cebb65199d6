/**
 * The template's demo pages (docs/requirements/routes.md#demo-routes; docs/requirements/calls.md
 * demo areas) as plain data: id, search target, icon name and route. The global search's mock data
 * is built from this list (`search/data.ts`), and the router gives every entry a route, so a search
 * result never leads to a 404. Entries whose screen is not built yet show "coming soon" in the
 * shell; later issues replace them area by area.
 *
 * Titles are translated (`pages.<target>` of the `demo` namespace); the mock sends the English
 * one as `title`.
 * Decision: `/` stays the product's home (it redirects to Reviews), so the template's
 * eCommerce dashboard, which lived at `/`, is at `/dashboard/ecommerce` here.
 */
import type demo from '../locales/en/demo.json';

export type DemoPageTarget = keyof (typeof demo)['pages'];

/** Icon names as the template's search data spells them (Feather names); see search/icons.ts. */
export type DemoIconName =
  | 'Home'
  | 'Mail'
  | 'MessageSquare'
  | 'CheckSquare'
  | 'Calendar'
  | 'List'
  | 'FileText'
  | 'Edit'
  | 'Plus'
  | 'ShoppingCart'
  | 'Package'
  | 'Heart'
  | 'CreditCard'
  | 'Users'
  | 'User'
  | 'LogIn'
  | 'UserPlus'
  | 'Key'
  | 'Lock'
  | 'Settings'
  | 'HelpCircle'
  | 'Info'
  | 'DollarSign'
  | 'Clock'
  | 'UserX'
  | 'Tool'
  | 'AlertTriangle'
  | 'Shield'
  | 'Layout'
  | 'Type'
  | 'Droplet'
  | 'Eye'
  | 'BarChart'
  | 'Bell'
  | 'UploadCloud'
  | 'Grid'
  | 'PieChart'
  | 'Map';

export interface DemoPage {
  /** Numeric id, the one bookmark updates send (docs/requirements/calls.md `POST
   * /api/bookmarks/update {id}`). */
  id: number;
  target: DemoPageTarget;
  icon: DemoIconName;
  link: string;
  /** The UI showcase section whose side-menu group lists the page; none for the other demo
   * pages. */
  section?: ShowcaseSection;
}

/** The UI showcase's sections (docs/requirements/routes.md#demo-routes), in menu order; titles are
 * `sections.<id>` of the `demo` namespace. */
export const SHOWCASE_SECTIONS = ['uiElements', 'cards', 'components', 'extensions', 'forms', 'tables', 'charts', 'maps'] as const;
export type ShowcaseSection = (typeof SHOWCASE_SECTIONS)[number];

export const DEMO_PAGES: readonly DemoPage[] = [
  { id: 1, target: 'analyticsDash', icon: 'Home', link: '/dashboard/analytics' },
  { id: 2, target: 'eCommerceDash', icon: 'Home', link: '/dashboard/ecommerce' },
  { id: 3, target: 'email', icon: 'Mail', link: '/apps/email' },
  { id: 4, target: 'chat', icon: 'MessageSquare', link: '/apps/chat' },
  { id: 5, target: 'todo', icon: 'CheckSquare', link: '/apps/todo' },
  { id: 6, target: 'calendar', icon: 'Calendar', link: '/apps/calendar' },
  { id: 7, target: 'invoiceList', icon: 'List', link: '/apps/invoice/list' },
  { id: 8, target: 'invoicePreview', icon: 'FileText', link: '/apps/invoice/preview' },
  { id: 9, target: 'invoiceEdit', icon: 'Edit', link: '/apps/invoice/edit' },
  { id: 10, target: 'invoiceAdd', icon: 'Plus', link: '/apps/invoice/add' },
  { id: 11, target: 'eCommerceShop', icon: 'ShoppingCart', link: '/apps/ecommerce/shop' },
  { id: 12, target: 'eCommerceProductDetail', icon: 'Package', link: '/apps/ecommerce/product-detail' },
  { id: 13, target: 'eCommerceWishlist', icon: 'Heart', link: '/apps/ecommerce/wishlist' },
  { id: 14, target: 'eCommerceCheckout', icon: 'CreditCard', link: '/apps/ecommerce/checkout' },
  { id: 15, target: 'userList', icon: 'Users', link: '/apps/user/list' },
  { id: 16, target: 'userView', icon: 'User', link: '/apps/user/view' },
  { id: 17, target: 'userEdit', icon: 'Edit', link: '/apps/user/edit' },
  { id: 18, target: 'loginV1', icon: 'LogIn', link: '/pages/login-v1' },
  { id: 19, target: 'loginV2', icon: 'LogIn', link: '/pages/login-v2' },
  { id: 20, target: 'registerV1', icon: 'UserPlus', link: '/pages/register-v1' },
  { id: 21, target: 'registerV2', icon: 'UserPlus', link: '/pages/register-v2' },
  { id: 22, target: 'forgotPasswordV1', icon: 'Key', link: '/pages/forgot-password-v1' },
  { id: 23, target: 'forgotPasswordV2', icon: 'Key', link: '/pages/forgot-password-v2' },
  { id: 24, target: 'resetPasswordV1', icon: 'Lock', link: '/pages/reset-password-v1' },
  { id: 25, target: 'resetPasswordV2', icon: 'Lock', link: '/pages/reset-password-v2' },
  { id: 26, target: 'accountSettings', icon: 'Settings', link: '/pages/account-settings' },
  { id: 27, target: 'profile', icon: 'User', link: '/pages/profile' },
  { id: 28, target: 'faq', icon: 'HelpCircle', link: '/pages/faq' },
  { id: 29, target: 'knowledgeBase', icon: 'Info', link: '/pages/knowledge-base' },
  { id: 30, target: 'pricing', icon: 'DollarSign', link: '/pages/pricing' },
  { id: 31, target: 'blogList', icon: 'FileText', link: '/pages/blog/list' },
  { id: 32, target: 'blogDetail', icon: 'FileText', link: '/pages/blog/detail' },
  { id: 33, target: 'blogEdit', icon: 'Edit', link: '/pages/blog/edit' },
  { id: 34, target: 'comingSoon', icon: 'Clock', link: '/misc/coming-soon' },
  { id: 35, target: 'notAuthorized', icon: 'UserX', link: '/misc/not-authorized' },
  { id: 36, target: 'maintenance', icon: 'Tool', link: '/misc/maintenance' },
  { id: 37, target: 'error', icon: 'AlertTriangle', link: '/misc/error' },
  { id: 38, target: 'accessControl', icon: 'Shield', link: '/access-control' },
  { id: 39, target: 'collapseMenu', icon: 'Layout', link: '/page-layout/collapse-menu' },
  { id: 40, target: 'layoutBoxed', icon: 'Layout', link: '/page-layout/layout-boxed' },
  { id: 41, target: 'withoutMenu', icon: 'Layout', link: '/page-layout/without-menu' },
  { id: 42, target: 'layoutEmpty', icon: 'Layout', link: '/page-layout/layout-empty' },
  { id: 43, target: 'layoutBlank', icon: 'Layout', link: '/page-layout/layout-blank' },
  { id: 44, target: 'typography', icon: 'Type', link: '/ui-element/typography', section: 'uiElements' },
  { id: 45, target: 'colors', icon: 'Droplet', link: '/colors', section: 'uiElements' },
  { id: 46, target: 'icons', icon: 'Eye', link: '/icons/reactfeather', section: 'uiElements' },
  { id: 47, target: 'basicCards', icon: 'CreditCard', link: '/cards/basic', section: 'cards' },
  { id: 48, target: 'advanceCards', icon: 'CreditCard', link: '/cards/advance', section: 'cards' },
  { id: 49, target: 'statisticsCards', icon: 'BarChart', link: '/cards/statistics', section: 'cards' },
  { id: 50, target: 'analyticsCards', icon: 'BarChart', link: '/cards/analytics', section: 'cards' },
  { id: 51, target: 'actionCards', icon: 'CreditCard', link: '/cards/action', section: 'cards' },
  { id: 52, target: 'alerts', icon: 'AlertTriangle', link: '/components/alerts', section: 'components' },
  { id: 53, target: 'avatar', icon: 'User', link: '/components/avatar', section: 'components' },
  { id: 54, target: 'badges', icon: 'Info', link: '/components/badges', section: 'components' },
  { id: 70, target: 'breadcrumbs', icon: 'List', link: '/components/breadcrumbs', section: 'components' },
  { id: 55, target: 'buttons', icon: 'Grid', link: '/components/buttons', section: 'components' },
  { id: 71, target: 'carousel', icon: 'Layout', link: '/components/carousel', section: 'components' },
  { id: 72, target: 'collapse', icon: 'Layout', link: '/components/collapse', section: 'components' },
  { id: 73, target: 'dropdowns', icon: 'List', link: '/components/dropdowns', section: 'components' },
  { id: 74, target: 'listGroup', icon: 'List', link: '/components/list-group', section: 'components' },
  { id: 56, target: 'modals', icon: 'Layout', link: '/components/modals', section: 'components' },
  { id: 75, target: 'navs', icon: 'Layout', link: '/components/navs', section: 'components' },
  { id: 76, target: 'pagination', icon: 'List', link: '/components/pagination', section: 'components' },
  { id: 77, target: 'pills', icon: 'Info', link: '/components/pills', section: 'components' },
  { id: 78, target: 'popovers', icon: 'Info', link: '/components/popovers', section: 'components' },
  { id: 79, target: 'progress', icon: 'BarChart', link: '/components/progress', section: 'components' },
  { id: 80, target: 'spinners', icon: 'Clock', link: '/components/spinners', section: 'components' },
  { id: 57, target: 'tabs', icon: 'Layout', link: '/components/tabs', section: 'components' },
  { id: 81, target: 'timeline', icon: 'Clock', link: '/components/timeline', section: 'components' },
  { id: 82, target: 'componentToasts', icon: 'Bell', link: '/components/toasts', section: 'components' },
  { id: 83, target: 'tooltips', icon: 'Info', link: '/components/tooltips', section: 'components' },
  { id: 59, target: 'sweetAlert', icon: 'Bell', link: '/extensions/sweet-alert', section: 'extensions' },
  { id: 58, target: 'toasts', icon: 'Bell', link: '/extensions/toastify', section: 'extensions' },
  { id: 60, target: 'fileUploader', icon: 'UploadCloud', link: '/extensions/uploader', section: 'extensions' },
  { id: 84, target: 'richTextEditor', icon: 'Edit', link: '/extensions/editor', section: 'extensions' },
  { id: 85, target: 'dragAndDrop', icon: 'Grid', link: '/extensions/drag-and-drop', section: 'extensions' },
  { id: 86, target: 'tour', icon: 'Info', link: '/extensions/tour', section: 'extensions' },
  { id: 87, target: 'clipboard', icon: 'FileText', link: '/extensions/clipboard', section: 'extensions' },
  { id: 88, target: 'contextMenu', icon: 'List', link: '/extensions/context-menu', section: 'extensions' },
  { id: 89, target: 'swiper', icon: 'Layout', link: '/extensions/swiper', section: 'extensions' },
  { id: 90, target: 'i18n', icon: 'Info', link: '/extensions/i18n', section: 'extensions' },
  { id: 91, target: 'importExport', icon: 'FileText', link: '/extensions/import-export', section: 'extensions' },
  { id: 92, target: 'pdfExport', icon: 'FileText', link: '/extensions/pdf-export', section: 'extensions' },
  { id: 61, target: 'formInput', icon: 'Edit', link: '/forms/elements/input', section: 'forms' },
  { id: 93, target: 'formSelect', icon: 'List', link: '/forms/elements/select', section: 'forms' },
  { id: 94, target: 'datePickers', icon: 'Calendar', link: '/forms/elements/pickers', section: 'forms' },
  { id: 95, target: 'inputMask', icon: 'Edit', link: '/forms/elements/input-mask', section: 'forms' },
  { id: 62, target: 'formLayouts', icon: 'Layout', link: '/forms/layout/form-layout', section: 'forms' },
  { id: 63, target: 'formWizard', icon: 'List', link: '/forms/wizard', section: 'forms' },
  { id: 64, target: 'formValidation', icon: 'CheckSquare', link: '/forms/form-validation', section: 'forms' },
  { id: 65, target: 'basicTables', icon: 'Grid', link: '/tables/reactstrap', section: 'tables' },
  { id: 66, target: 'dataTables', icon: 'Grid', link: '/datatables/basic', section: 'tables' },
  { id: 67, target: 'charts', icon: 'PieChart', link: '/charts/recharts', section: 'charts' },
  { id: 69, target: 'leafletMaps', icon: 'Map', link: '/maps/leaflet', section: 'maps' },
];

/** The one demo page bookmarked at first (docs/requirements/routes.md#global-search). */
export const DEFAULT_BOOKMARK_TARGETS: readonly DemoPageTarget[] = ['calendar'];

/** Translation key of a demo page's title, in the `demo` namespace. */
export function demoPageTitleKey(target: DemoPageTarget): `pages.${DemoPageTarget}` {
  return `pages.${target}`;
}
