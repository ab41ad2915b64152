import { lazy, Suspense, useState } from 'react';
import { Button, IconButton, useMediaQuery, type Theme } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Hint } from './Hint';

const loadPopup = () => import('./UserMenuPopup');
const UserMenuPopup = lazy(loadPopup);

/**
 * The profile button of the app bar (react-admin's UserMenu: the person's name on a wide screen,
 * an icon on a phone) whose menu (Sair) loads when first wanted: MUI's menu and popover are not
 * needed to paint the first screen. Pointing at or focusing the button fetches it ahead of the click.
 */
export function UserMenu() {
  const translate = useTranslate();
  const { isPending, identity } = useGetIdentity();
  const isLargeEnough = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  // The menu opens on whichever button is on screen: the icon while the identity loads is replaced by
  // the named button once it arrives, and a menu anchored to the removed icon was placed under its own
  // backdrop, out of reach of the pointer (seen in a browser test that clicked before the name came).
  const [button, setButton] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const label = translate('ra.auth.user_menu');
  const common = {
    'aria-label': label,
    'aria-haspopup': true,
    'aria-controls': open ? 'menu-appbar' : undefined,
    'aria-expanded': open ? true : undefined,
    color: 'inherit' as const,
    ref: setButton,
    onClick: () => setOpen(true),
    onPointerEnter: () => void loadPopup(),
    onFocus: () => void loadPopup(),
  };
  return (
    <>
      {isLargeEnough && !isPending && identity?.fullName ? (
        <Button {...common} variant="text" startIcon={<AccountCircle />} sx={{ textTransform: 'none', ml: 0.5 }}>
          {identity.fullName}
        </Button>
      ) : (
        <Hint title={label}>
          <IconButton {...common}>
            <AccountCircle />
          </IconButton>
        </Hint>
      )}
      {open && button && (
        <Suspense fallback={null}>
          <UserMenuPopup anchorEl={button} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
