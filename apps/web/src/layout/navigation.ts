/**
 * The side menu as plain data (docs/requirements/routes.md menu entries;
 * docs/requirements/code-layout.md#navigation-is-plain-data). The same `{action, subject}` guards
 * the menu item and its route (docs/requirements/roles.md): the router builds one route per entry
 * from this list, so adding a screen is one entry here plus, once it is built, its route module.
 *
 * Subjects are the web client's names for the modules; a client owner gets `manage` on every
 * module subject (docs/decisions/0003-roles-and-abilities.md), a super admin `manage all`. The
 * server remains the authority on every call.
 */
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AutoModeIcon from '@mui/icons-material/AutoMode';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import CampaignIcon from '@mui/icons-material/Campaign';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DataUsageIcon from '@mui/icons-material/DataUsage';
import DeliveryDiningIcon from '@mui/icons-material/DeliveryDining';
import ForumIcon from '@mui/icons-material/Forum';
import DomainAddIcon from '@mui/icons-material/DomainAdd';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/Insights';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import ReviewsIcon from '@mui/icons-material/Reviews';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SummarizeIcon from '@mui/icons-material/Summarize';
import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { allows, SUBJECTS, type AppAbility } from '../lib/ability.ts';
import { PATHS } from '../lib/paths.ts';

export interface NavItem {
  id: string;
  /** i18n key of the label. */
  title: ParseKeys;
  icon: ComponentType<SvgIconProps>;
  /** Route of a leaf entry; groups have `children` instead. */
  navLink?: string;
  children?: NavItem[];
  /** Greyed out with a hint saying why (docs/requirements/screen-contents.md#disabled-groups):
   * {@link disabledReason}. */
  disabled?: boolean;
  /** i18n key of the hint of a disabled entry or group; "not enabled for this client" when absent. */
  disabledReason?: ParseKeys;
  /**
   * On a group: the module it is (docs/decisions/0008-modules-and-access.md). A module group
   * none of whose entries the user may open is shown disabled with the reason, not hidden.
   */
  module?: string;
  /** Selecting the entry loads the page anew instead of a client-side navigation
   * (docs/requirements/routes.md). */
  reload?: boolean;
  action?: string;
  subject?: string;
}

const read = (subject: string) => ({ action: 'read', subject });

export const navigation: NavItem[] = [
  {
    // The Overview (decision 0040) at `/`, the menu's first entry; the server grants
    // `read Overview` with the reviews or Business Overview module.
    id: 'home',
    title: 'nav.home',
    icon: DashboardIcon,
    children: [{ id: 'overview', title: 'nav.overview', icon: DashboardIcon, navLink: PATHS.home, ...read(SUBJECTS.overview) }],
  },
  {
    id: 'reviews-and-complaints',
    module: 'reviews_and_complaints',
    title: 'nav.reviewsAndComplaints',
    icon: ReviewsIcon,
    children: [
      { id: 'reviews', title: 'nav.reviews', icon: RateReviewIcon, navLink: PATHS.reviews, ...read(SUBJECTS.review) },
      { id: 'inbox', title: 'nav.inbox', icon: ForumIcon, navLink: PATHS.inbox, ...read('Conversation') },
      {
        id: 'complaints',
        title: 'nav.complaints',
        icon: ReportProblemIcon,
        navLink: '/apps/reviews_and_complaints/complaints',
        ...read(SUBJECTS.complaint),
      },
      {
        id: 'tickets',
        title: 'nav.tickets',
        icon: ConfirmationNumberIcon,
        navLink: '/apps/reviews_and_complaints/tickets',
        reload: true,
        ...read(SUBJECTS.ticket),
      },
      {
        id: 'competitor-analysis',
        title: 'nav.competitorAnalysis',
        icon: CompareArrowsIcon,
        navLink: '/apps/reviews_and_complaints/competitor-analysis',
        ...read(SUBJECTS.competitorAnalysis),
      },
      {
        id: 'automation',
        title: 'nav.automation',
        icon: AutoModeIcon,
        navLink: '/apps/reviews_and_complaints/automation',
        ...read(SUBJECTS.automation),
      },
    ],
  },
  {
    // docs/requirements/routes.md lists the group disabled: with its screens built (decision 0039)
    // it is open to users
    // granted the menu_management module and shown disabled, with the reason, to the others.
    id: 'menu-management',
    module: 'menu_management',
    title: 'nav.menuManagement',
    icon: RestaurantMenuIcon,
    children: [
      {
        id: 'menu-insights',
        title: 'nav.menuInsights',
        icon: InsightsIcon,
        navLink: '/apps/menu-management/insights',
        ...read(SUBJECTS.menuManagement),
      },
      {
        id: 'audit-history',
        title: 'nav.auditHistory',
        icon: HistoryIcon,
        navLink: '/apps/menu-management/audit-history',
        ...read(SUBJECTS.menuManagement),
      },
    ],
  },
  {
    id: 'business-overview',
    module: 'business_overview',
    title: 'nav.businessOverview',
    icon: BusinessCenterIcon,
    children: [
      {
        id: 'delivery-insights',
        title: 'nav.deliveryInsights',
        icon: DeliveryDiningIcon,
        navLink: '/apps/business-overview/delivery-insights',
        ...read(SUBJECTS.businessOverview),
      },
      {
        id: 'order-insights',
        title: 'nav.orderInsights',
        icon: ReceiptLongIcon,
        navLink: '/apps/business-overview/order-insights',
        ...read(SUBJECTS.businessOverview),
      },
      {
        id: 'revenue-projections',
        title: 'nav.revenueProjections',
        icon: TrendingUpIcon,
        navLink: '/apps/business-overview/revenue-projections',
        ...read(SUBJECTS.businessOverview),
      },
    ],
  },
  {
    id: 'reporting',
    module: 'reporting',
    title: 'nav.reporting',
    icon: AssessmentIcon,
    children: [
      {
        // Its path is under business-overview, but the spec lists it under Reporting
        // (docs/requirements/routes.md).
        id: 'dining-insights',
        title: 'nav.diningInsights',
        icon: TableRestaurantIcon,
        navLink: '/apps/business-overview/dining-insights',
        ...read(SUBJECTS.reporting),
      },
      {
        id: 'data-tracker',
        title: 'nav.dataTracker',
        icon: DataUsageIcon,
        navLink: '/apps/reporting/data-tracker',
        ...read(SUBJECTS.reporting),
      },
      {
        id: 'report-on-demand',
        title: 'nav.reportOnDemand',
        icon: SummarizeIcon,
        navLink: '/apps/reporting/report-on-demand',
        ...read(SUBJECTS.reporting),
      },
      {
        id: 'live-menu',
        title: 'nav.liveMenu',
        icon: MenuBookIcon,
        navLink: '/apps/reporting/live-menu',
        ...read(SUBJECTS.reporting),
      },
      {
        id: 'outlet-timings',
        title: 'nav.outletTimings',
        icon: ScheduleIcon,
        navLink: '/apps/reporting/outlet-timings',
        ...read(SUBJECTS.reporting),
      },
      {
        id: 'item-offer-tracker',
        title: 'nav.itemOfferTracker',
        icon: LocalOfferIcon,
        navLink: '/apps/reporting/item-offer-tracker',
        ...read(SUBJECTS.reporting),
      },
    ],
  },
  {
    // docs/requirements/routes.md lists the group disabled, with Ads pro its only entry; both its
    // screens are built
    // (Instagram media insights: decision 0035; Ads pro: decision 0043): open to users granted the
    // digital_marketing module (off by default for invited users), disabled with the reason for
    // the others.
    id: 'digital-marketing',
    module: 'digital_marketing',
    title: 'nav.digitalMarketing',
    icon: CampaignIcon,
    children: [
      {
        id: 'ads-pro',
        title: 'nav.adsPro',
        icon: CampaignIcon,
        navLink: '/apps/digital-marketing/ads-pro',
        ...read(SUBJECTS.digitalMarketing),
      },
      {
        id: 'instagram-insights',
        title: 'nav.instagramInsights',
        icon: InsightsIcon,
        navLink: '/apps/digital-marketing/instagram-insights',
        ...read(SUBJECTS.digitalMarketing),
      },
    ],
  },
  {
    // owners manage users and access; super admins also onboard clients.
    id: 'administration',
    title: 'nav.administration',
    icon: AdminPanelSettingsIcon,
    children: [
      { id: 'users-access', title: 'nav.usersAccess', icon: GroupIcon, navLink: PATHS.usersAccess, ...read(SUBJECTS.user) },
      { id: 'client-onboarding', title: 'nav.clientOnboarding', icon: DomainAddIcon, navLink: PATHS.clientOnboarding, action: 'create', subject: SUBJECTS.client },
    ],
  },
];

/** Every entry that has a route, depth first. */
export function navLeaves(items: readonly NavItem[] = navigation): NavItem[] {
  return items.flatMap((item) => (item.children ? navLeaves(item.children) : item.navLink ? [item] : []));
}

/** Hint of a module group the user's access does not include. */
export const NOT_GRANTED_REASON: ParseKeys = 'nav.notGranted';

/**
 * The menu the user may see (docs/requirements/roles.md): leaves filtered by ability. A module
 * group none of whose entries the user may open (their role was not granted the module) stays,
 * disabled, with all its entries greyed and the reason
 * (docs/requirements/routes.md#disabled-groups), so the user learns it exists and whom to ask; any
 * other group left empty is dropped (Administration for non-owners).
 */
export function visibleNavigation(items: readonly NavItem[], ability: AppAbility): NavItem[] {
  const visible = items.flatMap((item) => {
    if (!item.children) return allows(ability, item) ? [item] : [];
    const children = visibleNavigation(item.children, ability);
    if (children.length > 0) return [{ ...item, children }];
    if (item.module) return [{ ...item, disabled: true, disabledReason: item.disabledReason ?? NOT_GRANTED_REASON }];
    return [];
  });
  // Someone who may open nothing (a signed-out visitor) gets no menu, not a menu of disabled groups.
  return visible.some((item) => !item.disabled) ? visible : [];
}

/**
 * The screens the global search offers (the product's own screens, filtered by the
 * user's abilities): visible entries outside disabled groups, which cannot be opened.
 */
export function searchableScreens(ability: AppAbility, items: readonly NavItem[] = navigation): NavItem[] {
  return visibleNavigation(items, ability)
    .filter((group) => !group.disabled)
    .flatMap((group) => navLeaves(group.children ?? [group]))
    .filter((item) => !item.disabled);
}
