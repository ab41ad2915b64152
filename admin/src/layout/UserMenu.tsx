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
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const label = translate('ra.auth.user_menu');
  const common = {
    'aria-label': label,
    'aria-haspopup': true,
    'aria-controls': anchorEl ? 'menu-appbar' : undefined,
    'aria-expanded': anchorEl ? true : undefined,
    color: 'inherit' as const,
    onClick: (e: React.MouseEvent<HTMLElement>) => setAnchorEl(e.currentTarget),
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
      {anchorEl && (
        <Suspense fallback={null}>
          <UserMenuPopup anchorEl={anchorEl} onClose={() => setAnchorEl(null)} />
        </Suspense>
      )}
    </>
  );
}
