/** The MUI icon of a FAQ category's icon name (the mock sends the template's Feather names). */
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import DeliveryDiningOutlined from '@mui/icons-material/DeliveryDiningOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import RoomServiceOutlined from '@mui/icons-material/RoomServiceOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { TFaqIcon } from '../schema.ts';

const ICONS: Record<TFaqIcon, ComponentType<SvgIconProps>> = {
  CreditCard: CreditCardOutlined,
  ShoppingBag: DeliveryDiningOutlined,
  RefreshCw: ReplayOutlined,
  Package: ShoppingBagOutlined,
  Settings: RoomServiceOutlined,
};

export function FaqIcon({ name, ...props }: { name: TFaqIcon } & SvgIconProps) {
  const Icon = ICONS[name];
  return <Icon {...props} />;
}
