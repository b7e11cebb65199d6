/**
 * The language switcher's menu (docs/requirements/data.md): the four languages, each written in its
 * own language and marked with `lang`, the current one checked. A chunk of its own, fetched when
 * the switcher is pointed at, focused or clicked (language-switcher.tsx), so MUI's Menu is not part
 * of a screen's first paint.
 */
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type SupportedLanguage } from '../lib/i18n.ts';

export interface LanguageMenuProps {
  id: string;
  /** The switcher button; the menu is open while it is set. */
  anchor: HTMLElement | null;
  onClose: () => void;
  language: SupportedLanguage;
  onChoose: (language: SupportedLanguage) => void;
}

/** The supported languages as menu items under the switcher. */
function LanguageMenu({ id, anchor, onClose, language, onChoose }: LanguageMenuProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {SUPPORTED_LANGUAGES.map((option) => (
        <MenuItem
          key={option}
          lang={option}
          selected={option === language}
          onClick={() => onChoose(option)}
          data-testid={`language-option-${option}`}
        >
          <ListItemIcon>{option === language && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText primary={LANGUAGE_NAMES[option]} />
        </MenuItem>
      ))}
    </Menu>
  );
}

export default LanguageMenu;
