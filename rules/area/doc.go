// Package area lays D&D 5e areas of effect (SRD shapes) on a 5-ft grid with
// the three grid methods of rules digest B11: the template method (any
// covered part of a square counts), the token method (each 5-ft square of the
// area is one token in a square), and the DMG rule (at least half of a square
// counts). It is pure: it returns squares, counts and error codes; words live
// in locales/catalog/area.*.toml (Shape.Key, Method.Key, DirKey, Error.Code).
//
// Coordinates. One unit is one 5-ft square. X grows to the right (east), Y
// grows downward (south), as in a picture. Square (x, y) covers the points
// [x, x+1] × [y, y+1]; the grid intersection (x, y) is the top-left corner of
// square (x, y). A direction is a bearing in degrees clockwise from north,
// north being up (−y): n 0, ne 45, e 90, se 135, s 180, sw 225, w 270, nw 315.
// Users type an origin as "x,y" (ParseOrigin) and a direction as a compass
// name or an angle (ParseDirection).
//
// Origins. Template and Half: Area.Origin names an intersection (a point).
// Token: it names a square, the caster's token or a chosen square; the
// origin square itself is not part of a token cone, line or cube unless
// IncludeOrigin is set. Token spheres and cylinders are the 2R×2R square
// centred on the intersection at the top-left corner of square Origin (the
// same centre the other two methods use).
//
// Shapes as flat templates (Template, Half): a sphere or cylinder is a disc
// of radius Size centred on the origin; a cone is the triangle from the origin
// whose width at distance t is t; a line is a Width × Size rectangle whose
// start edge is centred on the origin; a cube is a Size square, always
// grid-aligned (so it takes one of the 8 compass directions): for a diagonal
// direction the origin is its near corner and it fills that quadrant; for an
// orthogonal one the origin lies on its near face.
//
// Shapes with tokens (digest B11): a circle becomes a square with side =
// diameter; a cone has Size/5 rows, row k holding k tokens, row 1 next to the
// origin orthogonally or diagonally; in the diagonal case row k is the k
// squares with i + j = k + 1 (i, j ≥ 1 counted along the direction's x and y),
// each sharing an edge with the row before; a line is a straight run of
// Size/5 squares from the origin; a cube is Size/5 × Size/5 squares next to the
// origin (ahead of it, or filling the diagonal quadrant).
//
// Decisions where the digest is silent:
//   - The DMG "at least half" test applies to every shape, not only round
//     ones, with the same flat templates as the template method.
//   - "Any part" means a covered area above 1e-9 of a square, so floating-point
//     slivers along a touched edge or corner do not count; "at least half"
//     allows the same 1e-9 slack, and exactly half counts.
//   - Where a shape cannot be centred on its axis it leans clockwise (to the
//     right when facing the direction), or counter-clockwise with Mirror: an
//     odd-width line or odd-side cube pointing n, e, s or w (template, half)
//     starts half a square to the right of the origin so that its edges lie on
//     grid lines and a 60-ft lightning bolt fills 12 squares; an odd-width
//     token line or cube is centred on the origin's row or column and an even
//     one has its extra run on the right; in the orthogonal token cone, every
//     even row puts its extra token at the right end (rows 1, 2, 3, 4 span
//     0…0, 0…1, −1…1, −1…2 across); a diagonal token line wider than 5 ft adds
//     parallel diagonal runs shifted by whole squares, alternately right and
//     left of the first (ne: east then north).
//   - Any finite angle suits template and half cones and lines; a multiple of
//     90° is treated exactly like the compass name. Token areas and cubes
//     need a multiple of 45° (ErrCompassOnly). Spheres and cylinders ignore Dir.
//   - Sizes and widths are positive multiples of 5 ft up to MaxFeet (1,000 ft);
//     a width is only for lines (ErrWidthNotLine) and defaults to 5 ft. Heights
//     (cylinder, cube) do not matter on a 2D grid. The zero Method is Template.
//   - Under the half rule a 5-ft cone, half a square in all, covers no square;
//     it is returned empty rather than rounded up.
//   - Cover and obstacles are not modelled: every square of the shape counts.
package area
