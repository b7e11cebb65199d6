/**
 * Language switcher of the navbar (docs/requirements/data.md: English, German, French, Portuguese).
 * Each choice is written in its own language and marked with `lang`, so screen readers pronounce it
 * right. The chosen language's strings are fetched before the switch and the choice is stored
 * (lib/i18n.ts); while fetching, the button shows it is busy. The menu (language-menu.tsx) is
 * fetched when the button is pointed at, focused or clicked, not with the navbar.
 */
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '../components/lazy-with-preload.tsx';
import { srOnly } from '../components/sr-only.ts';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, type SupportedLanguage } from '../lib/i18n.ts';

const languageMenu = lazyWithPreload(() => import('./language-menu.tsx'));

/** Navbar button showing the language code; its menu switches among the four languages. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
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
        onPointerEnter={languageMenu.preload}
        onFocus={languageMenu.preload}
        onClick={(event) => {
          const button = event.currentTarget;
          languageMenu.load().then(
            () => {
              setMenuRequested(true);
              setAnchor(button);
            },
            (error: unknown) => console.error('Could not load the language menu', error),
          );
        }}
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
      {menuRequested && (
        <Suspense fallback={null}>
          <languageMenu.Component id={menuId} anchor={anchor} onClose={() => setAnchor(null)} language={language} onChoose={choose} />
        </Suspense>
      )}
    </>
  );
}
