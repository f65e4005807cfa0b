import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_URL, type SeasonGrid, type SeasonQuery } from '@contract/season.ts';
import { http } from '@/lib/api-client.ts';

/** A page of the season grid: the viewer's students of a program (by 学号) × its weeks so far. */
export const getSeasonGrid = (query: SeasonQuery) => http.get<SeasonGrid>(SEASON_URL.grid, { ...query, classId: query.classId || undefined });

/** Everything under this key is a page of the grid (a reminder leaves it as it is; a review changes it). */
export const SEASON_GRID_KEY = ['internship', 'season'] as const;

export const seasonGridQuery = (query: SeasonQuery) => queryOptions({ queryKey: [...SEASON_GRID_KEY, query], queryFn: () => getSeasonGrid(query), placeholderData: keepPreviousData });

export const useSeasonGridQuery = (query: SeasonQuery) => useQuery(seasonGridQuery(query));
