/**
 * The template's demo pages (spec §2 "Demo routes"; spec §7 demo areas) as plain data: id,
 * search target, icon name and route. The global search's mock data is built from this list
 * (`search/data.ts`), and the router gives every entry a route, so a search result never
 * leads to a 404. Entries whose screen is not built yet show "coming soon" in the shell;
 * later issues replace them area by area.
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
  /** Numeric id, the one bookmark updates send (spec §7 `POST /api/bookmarks/update {id}`). */
  id: number;
  target: DemoPageTarget;
  icon: DemoIconName;
  link: string;
}

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
  { id: 44, target: 'typography', icon: 'Type', link: '/ui-element/typography' },
  { id: 45, target: 'colors', icon: 'Droplet', link: '/colors' },
  { id: 46, target: 'icons', icon: 'Eye', link: '/icons/reactfeather' },
  { id: 47, target: 'basicCards', icon: 'CreditCard', link: '/cards/basic' },
  { id: 48, target: 'advanceCards', icon: 'CreditCard', link: '/cards/advance' },
  { id: 49, target: 'statisticsCards', icon: 'BarChart', link: '/cards/statistics' },
  { id: 50, target: 'analyticsCards', icon: 'BarChart', link: '/cards/analytics' },
  { id: 51, target: 'actionCards', icon: 'CreditCard', link: '/cards/action' },
  { id: 52, target: 'alerts', icon: 'AlertTriangle', link: '/components/alerts' },
  { id: 53, target: 'avatar', icon: 'User', link: '/components/avatar' },
  { id: 54, target: 'badges', icon: 'Info', link: '/components/badges' },
  { id: 55, target: 'buttons', icon: 'Grid', link: '/components/buttons' },
  { id: 56, target: 'modals', icon: 'Layout', link: '/components/modals' },
  { id: 57, target: 'tabs', icon: 'Layout', link: '/components/tabs' },
  { id: 58, target: 'toasts', icon: 'Bell', link: '/extensions/toastify' },
  { id: 59, target: 'sweetAlert', icon: 'Bell', link: '/extensions/sweet-alert' },
  { id: 60, target: 'fileUploader', icon: 'UploadCloud', link: '/extensions/uploader' },
  { id: 61, target: 'formInput', icon: 'Edit', link: '/forms/elements/input' },
  { id: 62, target: 'formLayouts', icon: 'Layout', link: '/forms/layout/form-layout' },
  { id: 63, target: 'formWizard', icon: 'List', link: '/forms/wizard' },
  { id: 64, target: 'formValidation', icon: 'CheckSquare', link: '/forms/form-validation' },
  { id: 65, target: 'basicTables', icon: 'Grid', link: '/tables/reactstrap' },
  { id: 66, target: 'dataTables', icon: 'Grid', link: '/datatables/basic' },
  { id: 67, target: 'apexCharts', icon: 'PieChart', link: '/charts/apex' },
  { id: 68, target: 'chartJs', icon: 'BarChart', link: '/charts/chartjs' },
  { id: 69, target: 'leafletMaps', icon: 'Map', link: '/maps/leaflet' },
];

/** The one demo page bookmarked at first (spec §2 "Only Calendar is bookmarked by default"). */
export const DEFAULT_BOOKMARK_TARGETS: readonly DemoPageTarget[] = ['calendar'];

/** Translation key of a demo page's title, in the `demo` namespace. */
export function demoPageTitleKey(target: DemoPageTarget): `pages.${DemoPageTarget}` {
  return `pages.${target}`;
}
