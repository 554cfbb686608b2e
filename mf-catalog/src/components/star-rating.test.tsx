import { render, screen } from '@testing-library/react';
import { StarRating } from './star-rating';

/** The amber stars' clip: the nested SVG's width in the 120-wide box of five 24-wide stars. */
function amberWidth(rating: number) {
  render(<StarRating rating={rating} />);
  const stars = screen.getByRole('img', { name: `Rated ${rating.toFixed(1)} out of 5` });
  const clip = stars.querySelector('svg > svg');
  expect(clip?.getAttribute('viewBox')).toBe(`0 0 ${clip?.getAttribute('width')} 24`);
  return clip?.getAttribute('width');
}

describe('StarRating', () => {
  it('fills the stars to the rating, each to the nearest tenth', () => {
    expect(amberWidth(4.6)).toBe('110.4');
    expect(amberWidth(4.35)).toBe('105.6');
    expect(amberWidth(5)).toBe('120');
    expect(amberWidth(0)).toBe('0');
  });

  it('is one SVG of two five-star paths, sized to five stars', () => {
    render(<StarRating rating={3} size="md" />);
    const svg = screen.getByRole('img', { name: 'Rated 3.0 out of 5' }).querySelector('svg');
    expect(svg).toHaveClass('h-5', 'w-25');
    const paths = svg?.querySelectorAll('path') ?? [];
    expect(paths).toHaveLength(2);
    expect(paths[0]?.getAttribute('d')?.match(/M/g)).toHaveLength(5);
  });
});
