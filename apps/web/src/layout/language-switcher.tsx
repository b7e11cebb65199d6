/**
 * Language switcher of the navbar (spec §3: English, German, French, Portuguese). Each choice
 * is written in its own language and marked with `lang`, so screen readers pronounce it right.
 * The chosen language's strings are fetched before the switch and the choice is stored
 * (lib/i18n.ts); while fetching, the button shows it is busy.
 */
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { srOnly } from '../components/sr-only.ts';
import {
  changeLanguage,
  currentLanguage,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
  type SupportedLanguage,
} from '../lib/i18n.ts';

/** Navbar button showing the language code; its menu switches among the four languages. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const open = Boolean(anchor);
  const language = currentLanguage();

  const choose = (next: SupportedLanguage) => {
    setAnchor(null);
    if (next === language) return;
    setPending(true);
    changeLanguage(next)
      // A chunk that cannot be fetched leaves the current language; nothing else to undo.
      .catch((error: unknown) => console.error(`Could not load the ${next} translations`, error))
      .finally(() => setPending(false));
  };

  return (
    <>
      <Button
        data-testid="language-switcher"
        color="inherit"
        size="small"
        startIcon={<TranslateIcon fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={pending || undefined}
        sx={{ minWidth: 0, flexShrink: 0, px: 1, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 0.5 } } }}
      >
        {/* Named by its content, not `aria-label`: the code shown is then no mismatching label. */}
        <span aria-hidden>{language.toUpperCase()}</span>
        <Box component="span" sx={srOnly}>
          {t('layout.language', { language: LANGUAGE_NAMES[language] })}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {SUPPORTED_LANGUAGES.map((option) => (
          <MenuItem
            key={option}
            lang={option}
            selected={option === language}
            onClick={() => choose(option)}
            data-testid={`language-option-${option}`}
          >
            <ListItemIcon>{option === language && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={LANGUAGE_NAMES[option]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
