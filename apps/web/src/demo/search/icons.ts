/**
 * Icons of the demo pages. The mock sends icon names as the template's data spells them
 * (Feather names, demo/routes.ts); this maps them to MUI icons. An unknown name gets a
 * neutral page icon instead of breaking the list.
 */
import AccountCircle from '@mui/icons-material/AccountCircle';
import AttachMoney from '@mui/icons-material/AttachMoney';
import BarChart from '@mui/icons-material/BarChart';
import Build from '@mui/icons-material/Build';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import CloudUpload from '@mui/icons-material/CloudUpload';
import CreditCard from '@mui/icons-material/CreditCard';
import DashboardCustomize from '@mui/icons-material/DashboardCustomize';
import Description from '@mui/icons-material/Description';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import GridView from '@mui/icons-material/GridView';
import Group from '@mui/icons-material/Group';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Key from '@mui/icons-material/Key';
import List from '@mui/icons-material/List';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Login from '@mui/icons-material/Login';
import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Palette from '@mui/icons-material/Palette';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import PersonOff from '@mui/icons-material/PersonOff';
import PieChart from '@mui/icons-material/PieChart';
import Schedule from '@mui/icons-material/Schedule';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Shield from '@mui/icons-material/Shield';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import TextFields from '@mui/icons-material/TextFields';
import Visibility from '@mui/icons-material/Visibility';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Add from '@mui/icons-material/Add';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { DemoIconName } from '../routes.ts';

export type IconComponent = ComponentType<SvgIconProps>;

const ICONS: Readonly<Record<DemoIconName, IconComponent>> = {
  Home: HomeOutlined,
  Mail: MailOutline,
  MessageSquare: ChatBubbleOutline,
  CheckSquare: CheckBoxOutlined,
  Calendar: CalendarMonth,
  List,
  FileText: Description,
  Edit: EditOutlined,
  Plus: Add,
  ShoppingCart: ShoppingCartOutlined,
  Package: Inventory2Outlined,
  Heart: FavoriteBorder,
  CreditCard,
  Users: Group,
  User: AccountCircle,
  LogIn: Login,
  UserPlus: PersonAddAlt,
  Key,
  Lock: LockOutlined,
  Settings: SettingsOutlined,
  HelpCircle: HelpOutline,
  Info: InfoOutlined,
  DollarSign: AttachMoney,
  Clock: Schedule,
  UserX: PersonOff,
  Tool: Build,
  AlertTriangle: WarningAmber,
  Shield,
  Layout: DashboardCustomize,
  Type: TextFields,
  Droplet: Palette,
  Eye: Visibility,
  BarChart,
  Bell: NotificationsNone,
  UploadCloud: CloudUpload,
  Grid: GridView,
  PieChart,
  Map: MapOutlined,
};

/** The MUI icon of a demo page icon name. */
export function demoIcon(name: string): IconComponent {
  return (ICONS as Readonly<Record<string, IconComponent>>)[name] ?? InsertDriveFileOutlined;
}
