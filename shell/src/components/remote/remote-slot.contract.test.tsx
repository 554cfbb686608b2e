// Type-level tests of the shell's contract with the remotes (the app registry in @prepper/shared).
// `pnpm --filter @prepper/shell typecheck` covers this file: each `@ts-expect-error` line must be a type
// error, or the typecheck fails with "Unused '@ts-expect-error' directive". The runtime test below
// only makes vitest collect the file.
import type { ExposeName, ExposeProps } from '@prepper/shared';
import { RemoteSlot } from './remote-slot';

export const contractChecks = [
  // Right: an expose the remote has, with that expose's props.
  <RemoteSlot key="1" remote="catalog" expose="CategoryNav" part="Nav" props={{ variant: 'desktop' }} />,
  <RemoteSlot key="2" remote="cart" expose="CartOverlay" part="Cart" />,
  <RemoteSlot
    key="3"
    remote="catalog"
    expose="CategoryNav"
    part="Nav"
    props={{ variant: 'mobile', onNavigate: () => undefined }}
  />,

  // An expose the remote does not have (renamed, or another remote's).
  // @ts-expect-error 'CartDrawer' is not an expose of cart
  <RemoteSlot key="4" remote="cart" expose="CartDrawer" part="Cart" />,
  // @ts-expect-error 'HomePage' belongs to catalog, not to admin
  <RemoteSlot key="5" remote="admin" expose="HomePage" part="Admin" />,
  // @ts-expect-error no remote is called 'checkout'
  <RemoteSlot key="6" remote="checkout" expose="CartOverlay" part="Checkout" />,

  // A wrong prop.
  // @ts-expect-error CategoryNav's variant is 'desktop' | 'mobile'
  <RemoteSlot key="7" remote="catalog" expose="CategoryNav" part="Nav" props={{ variant: 'sidebar' }} />,
  // @ts-expect-error CategoryNav requires its props
  <RemoteSlot key="8" remote="catalog" expose="CategoryNav" part="Nav" />,
  <RemoteSlot
    key="9"
    remote="catalog"
    expose="CategoryNav"
    part="Nav"
    // @ts-expect-error CategoryNav has no prop 'open'
    props={{ variant: 'desktop', open: true }}
  />,
  // @ts-expect-error CartOverlay takes no props
  <RemoteSlot key="10" remote="cart" expose="CartOverlay" part="Cart" props={{ open: true }} />,
];

// The registry's types themselves.
export const exposeName: ExposeName<'catalog'> = 'ProductPage';
// @ts-expect-error SearchOverlay is search's, not catalog's
export const wrongExposeName: ExposeName<'catalog'> = 'SearchOverlay';
export const navProps: ExposeProps<'catalog', 'CategoryNav'> = { variant: 'desktop' };

describe('the remote contract', () => {
  it('is checked by the type checker (this file is part of the shell typecheck)', () => {
    expect(contractChecks).toHaveLength(10);
    expect(exposeName).toBe('ProductPage');
  });
});
