/**
 * The icons the icons page shows: a curated set of 99 MUI icons (restaurant, service,
 * money, feedback and everyday actions), each imported on its own, so the section's chunk
 * carries these and not the ~2,000 of `@mui/icons-material`.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import LocalDiningIcon from '@mui/icons-material/LocalDining';
import LocalPizzaIcon from '@mui/icons-material/LocalPizza';
import LocalCafeIcon from '@mui/icons-material/LocalCafe';
import LocalBarIcon from '@mui/icons-material/LocalBar';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import RamenDiningIcon from '@mui/icons-material/RamenDining';
import LunchDiningIcon from '@mui/icons-material/LunchDining';
import BrunchDiningIcon from '@mui/icons-material/BrunchDining';
import DinnerDiningIcon from '@mui/icons-material/DinnerDining';
import BakeryDiningIcon from '@mui/icons-material/BakeryDining';
import IcecreamIcon from '@mui/icons-material/Icecream';
import CakeIcon from '@mui/icons-material/Cake';
import EmojiFoodBeverageIcon from '@mui/icons-material/EmojiFoodBeverage';
import WineBarIcon from '@mui/icons-material/WineBar';
import LocalDrinkIcon from '@mui/icons-material/LocalDrink';
import LiquorIcon from '@mui/icons-material/Liquor';
import SetMealIcon from '@mui/icons-material/SetMeal';
import KitchenIcon from '@mui/icons-material/Kitchen';
import BlenderIcon from '@mui/icons-material/Blender';
import MicrowaveIcon from '@mui/icons-material/Microwave';
import OutdoorGrillIcon from '@mui/icons-material/OutdoorGrill';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import TakeoutDiningIcon from '@mui/icons-material/TakeoutDining';
import DeliveryDiningIcon from '@mui/icons-material/DeliveryDining';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import TableBarIcon from '@mui/icons-material/TableBar';
import ChairIcon from '@mui/icons-material/Chair';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import EventIcon from '@mui/icons-material/Event';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TimerIcon from '@mui/icons-material/Timer';
import AlarmIcon from '@mui/icons-material/Alarm';
import StarIcon from '@mui/icons-material/Star';
import StarHalfIcon from '@mui/icons-material/StarHalf';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ReviewsIcon from '@mui/icons-material/Reviews';
import RateReviewIcon from '@mui/icons-material/RateReview';
import CommentIcon from '@mui/icons-material/Comment';
import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import NotificationsIcon from '@mui/icons-material/Notifications';
import CampaignIcon from '@mui/icons-material/Campaign';
import PersonIcon from '@mui/icons-material/Person';
import PeopleIcon from '@mui/icons-material/People';
import GroupsIcon from '@mui/icons-material/Groups';
import BadgeIcon from '@mui/icons-material/Badge';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import PaymentsIcon from '@mui/icons-material/Payments';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import EuroIcon from '@mui/icons-material/Euro';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import DiscountIcon from '@mui/icons-material/Discount';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import BarChartIcon from '@mui/icons-material/BarChart';
import PieChartIcon from '@mui/icons-material/PieChart';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SettingsIcon from '@mui/icons-material/Settings';
import SearchIcon from '@mui/icons-material/Search';
import FilterListIcon from '@mui/icons-material/FilterList';
import SortIcon from '@mui/icons-material/Sort';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import InfoIcon from '@mui/icons-material/Info';
import WarningIcon from '@mui/icons-material/Warning';
import HelpIcon from '@mui/icons-material/Help';
import LanguageIcon from '@mui/icons-material/Language';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import PlaceIcon from '@mui/icons-material/Place';
import MapIcon from '@mui/icons-material/Map';
import DirectionsIcon from '@mui/icons-material/Directions';
import WifiIcon from '@mui/icons-material/Wifi';
import AccessibleIcon from '@mui/icons-material/Accessible';
import PetsIcon from '@mui/icons-material/Pets';
import SpaIcon from '@mui/icons-material/Spa';
import EggIcon from '@mui/icons-material/Egg';
import EggAltIcon from '@mui/icons-material/EggAlt';

export interface CatalogueIcon {
  /** The export name, the file under `@mui/icons-material/`. */
  name: string;
  Icon: SvgIconComponent;
}

export const ICON_CATALOGUE: readonly CatalogueIcon[] = [
  { name: 'Restaurant', Icon: RestaurantIcon },
  { name: 'RestaurantMenu', Icon: RestaurantMenuIcon },
  { name: 'LocalDining', Icon: LocalDiningIcon },
  { name: 'LocalPizza', Icon: LocalPizzaIcon },
  { name: 'LocalCafe', Icon: LocalCafeIcon },
  { name: 'LocalBar', Icon: LocalBarIcon },
  { name: 'Fastfood', Icon: FastfoodIcon },
  { name: 'RamenDining', Icon: RamenDiningIcon },
  { name: 'LunchDining', Icon: LunchDiningIcon },
  { name: 'BrunchDining', Icon: BrunchDiningIcon },
  { name: 'DinnerDining', Icon: DinnerDiningIcon },
  { name: 'BakeryDining', Icon: BakeryDiningIcon },
  { name: 'Icecream', Icon: IcecreamIcon },
  { name: 'Cake', Icon: CakeIcon },
  { name: 'EmojiFoodBeverage', Icon: EmojiFoodBeverageIcon },
  { name: 'WineBar', Icon: WineBarIcon },
  { name: 'LocalDrink', Icon: LocalDrinkIcon },
  { name: 'Liquor', Icon: LiquorIcon },
  { name: 'SetMeal', Icon: SetMealIcon },
  { name: 'Kitchen', Icon: KitchenIcon },
  { name: 'Blender', Icon: BlenderIcon },
  { name: 'Microwave', Icon: MicrowaveIcon },
  { name: 'OutdoorGrill', Icon: OutdoorGrillIcon },
  { name: 'SoupKitchen', Icon: SoupKitchenIcon },
  { name: 'TakeoutDining', Icon: TakeoutDiningIcon },
  { name: 'DeliveryDining', Icon: DeliveryDiningIcon },
  { name: 'LocalShipping', Icon: LocalShippingIcon },
  { name: 'Storefront', Icon: StorefrontIcon },
  { name: 'TableRestaurant', Icon: TableRestaurantIcon },
  { name: 'TableBar', Icon: TableBarIcon },
  { name: 'Chair', Icon: ChairIcon },
  { name: 'EventSeat', Icon: EventSeatIcon },
  { name: 'Event', Icon: EventIcon },
  { name: 'CalendarMonth', Icon: CalendarMonthIcon },
  { name: 'Schedule', Icon: ScheduleIcon },
  { name: 'Timer', Icon: TimerIcon },
  { name: 'Alarm', Icon: AlarmIcon },
  { name: 'Star', Icon: StarIcon },
  { name: 'StarHalf', Icon: StarHalfIcon },
  { name: 'StarBorder', Icon: StarBorderIcon },
  { name: 'Favorite', Icon: FavoriteIcon },
  { name: 'FavoriteBorder', Icon: FavoriteBorderIcon },
  { name: 'ThumbUp', Icon: ThumbUpIcon },
  { name: 'ThumbDown', Icon: ThumbDownIcon },
  { name: 'Reviews', Icon: ReviewsIcon },
  { name: 'RateReview', Icon: RateReviewIcon },
  { name: 'Comment', Icon: CommentIcon },
  { name: 'Chat', Icon: ChatIcon },
  { name: 'Email', Icon: EmailIcon },
  { name: 'Phone', Icon: PhoneIcon },
  { name: 'Notifications', Icon: NotificationsIcon },
  { name: 'Campaign', Icon: CampaignIcon },
  { name: 'Person', Icon: PersonIcon },
  { name: 'People', Icon: PeopleIcon },
  { name: 'Groups', Icon: GroupsIcon },
  { name: 'Badge', Icon: BadgeIcon },
  { name: 'Receipt', Icon: ReceiptIcon },
  { name: 'ReceiptLong', Icon: ReceiptLongIcon },
  { name: 'PointOfSale', Icon: PointOfSaleIcon },
  { name: 'Payments', Icon: PaymentsIcon },
  { name: 'CreditCard', Icon: CreditCardIcon },
  { name: 'AttachMoney', Icon: AttachMoneyIcon },
  { name: 'Euro', Icon: EuroIcon },
  { name: 'LocalOffer', Icon: LocalOfferIcon },
  { name: 'Discount', Icon: DiscountIcon },
  { name: 'ShoppingCart', Icon: ShoppingCartIcon },
  { name: 'ShoppingBag', Icon: ShoppingBagIcon },
  { name: 'Inventory2', Icon: Inventory2Icon },
  { name: 'Analytics', Icon: AnalyticsIcon },
  { name: 'BarChart', Icon: BarChartIcon },
  { name: 'PieChart', Icon: PieChartIcon },
  { name: 'TrendingUp', Icon: TrendingUpIcon },
  { name: 'TrendingDown', Icon: TrendingDownIcon },
  { name: 'Dashboard', Icon: DashboardIcon },
  { name: 'Settings', Icon: SettingsIcon },
  { name: 'Search', Icon: SearchIcon },
  { name: 'FilterList', Icon: FilterListIcon },
  { name: 'Sort', Icon: SortIcon },
  { name: 'Add', Icon: AddIcon },
  { name: 'Remove', Icon: RemoveIcon },
  { name: 'Edit', Icon: EditIcon },
  { name: 'Delete', Icon: DeleteIcon },
  { name: 'Check', Icon: CheckIcon },
  { name: 'Close', Icon: CloseIcon },
  { name: 'Info', Icon: InfoIcon },
  { name: 'Warning', Icon: WarningIcon },
  { name: 'Help', Icon: HelpIcon },
  { name: 'Language', Icon: LanguageIcon },
  { name: 'DarkMode', Icon: DarkModeIcon },
  { name: 'LightMode', Icon: LightModeIcon },
  { name: 'Place', Icon: PlaceIcon },
  { name: 'Map', Icon: MapIcon },
  { name: 'Directions', Icon: DirectionsIcon },
  { name: 'Wifi', Icon: WifiIcon },
  { name: 'Accessible', Icon: AccessibleIcon },
  { name: 'Pets', Icon: PetsIcon },
  { name: 'Spa', Icon: SpaIcon },
  { name: 'Egg', Icon: EggIcon },
  { name: 'EggAlt', Icon: EggAltIcon },
];

/** The line that imports `name` on its own (what the page shows for a chosen icon). */
export function importLine(name: string): string {
  return `import ${name}Icon from '@mui/icons-material/${name}';`;
}

/** The icons whose name contains `query` (any case; spaces ignored). */
export function searchIcons(query: string): readonly CatalogueIcon[] {
  const needle = query.replace(/\s+/g, '').toLowerCase();
  return needle ? ICON_CATALOGUE.filter((icon) => icon.name.toLowerCase().includes(needle)) : ICON_CATALOGUE;
}
