import { ShoppingCartIcon } from '@heroicons/react/24/outline';
import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';

export function EmptyCart({ onNavigate }: { onNavigate: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <div className="mb-4 flex h-16 w-16 items-center justify-center rounded-full bg-orange-50 text-orange-600">
        <ShoppingCartIcon className="h-8 w-8" />
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{texts.emptyTitle}</h3>
      <p className="mt-1 text-sm text-slate-500">{texts.emptyBody}</p>
      <Link
        to={routes.products}
        onClick={onNavigate}
        className="mt-6 rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
      >
        {texts.startShopping}
      </Link>
    </div>
  );
}
