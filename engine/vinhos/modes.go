package vinhos

import (
	"math"
	"strings"

	"github.com/adega-bot/adega/engine"
)

// ruleset is how one mode of the box plays, with its variants. It is the
// one place the modes differ: every way the 2010 Reserve (R10) differs from
// the Special Vintage 2016 (SV16) is a field below, read where it matters,
// and the rest of the package plays the same code for both. The section
// numbers are RESERVE-2010.md's.
type ruleset struct {
	// Components (§1, §2): the supplies by player count, the player board,
	// the Quadrel, the regions in the box and the Renown cubes.
	supply      *Supply
	board       PlayerBoard
	quadrel     *[NumCells]Action
	boxRegions  RegionSet
	renownCubes int
	// firstPlayRemoved are the regions a first play leaves out, by count.
	firstPlayRemoved PerPlayers[RegionSet]

	// Setup (§2). startingCash is each seat's money by position in the
	// first player order, by player count; an initial Vineyard is paid for
	// when initialVineyardPaid; the order is then sorted by initial region
	// when orderByRegion, and seatBonus paid by final position.
	startingCash        PerPlayers[[MaxPlayers]int]
	initialVineyardPaid bool
	orderByRegion       bool
	seatBonus           PerPlayers[[MaxPlayers]int]
	// vintage are the mode's Vintage tiles: the Deluxe box's, or the
	// first edition's own, which name only its regions.
	vintage func(d *Data) *[NumVintageTiles]VintageTile
	// vintageZeroFirst: the "0" Vintage tile is year 1's (R10); SV16 leaves
	// it in the box and flips the top of the shuffled deck.
	vintageZeroFirst bool
	// magnateTiles: SV16's Magnate Action and Multiplier tiles, their
	// display, the initial tile each player takes in reverse order, and
	// the draft after each Fair. R10 has none.
	magnateTiles bool
	// bank: each player has a Banco do Vinho account and investment (R10,
	// §7.7, bank.go), which Maintenance charges (upkeep.go, §11) where
	// SV16 takes a barrel back from Sales.
	bank bool

	// Start of year (§4): the Feature markers climb by the Vintage tile's
	// symbols (R10).
	featureMarkers bool

	// Actions (§7): the action each Quadrel space gives, with the most
	// items it takes and its prices. R10 buys Vineyards from any number of
	// regions, builds exactly 1 Cellar for 2, hires Enologists only, for 1,
	// and sells and exports any number of wines.
	actions [numActions]actionRun
	// salesToAccount: a sale pays into the bank account, which stops at
	// R10AccountMax (R10); SV16 pays cash.
	salesToAccount bool
	// exportByRow: the R10 Export area, 4 countries whose rows pay VP
	// (Data.Reserve.Export); SV16's slots pay their own value.
	exportByRow bool
	// twoPlayerExport is where that area's 2-player frame is: the
	// Reserve's, or the first edition's larger one.
	twoPlayerExport func(d *Data) *[R10ExportRows][R10ExportColumns]bool
	// oneExpertPerTurn: one Wine Expert ability a turn (SV16); R10 allows
	// any number (§9).
	oneExpertPerTurn bool
	// expertsBeforeActions: the cube and barrel Experts are flipped only
	// "before performing an Action, before performing a Bonus Action or
	// before the Fair Step" (000, Wine Experts abilities; R10 §9 takes
	// the same timing): before the move, as an action or Additional
	// Action begins, or before the Fair's Press Release, never between
	// the wines of an action nor after it. SV16 flips one "currently
	// performing the Export Action" (SV p. 11).
	expertsBeforeActions bool
	// expertLimit is the most Wine Experts a player may hold, 0 for no
	// limit (SV16); to gain one more, a player first discards one (R10,
	// §9, AMB-23).
	expertLimit int
	// freeExpertsTaken: a free Expert past that limit is taken, making
	// room, where the Reserve lets it be declined (AMB-23): the first
	// edition gives that choice to the last place's Expert only ("he
	// must choose whether or not to take the free Tile").
	freeExpertsTaken bool
	// discardAfterBuying: the Wine Experts action buys past that limit
	// and discards the excess after (the first edition, 000); the
	// Reserve discards first.
	discardAfterBuying bool
	// retrieveAnywhere: the "take back a barrel" Expert also takes one
	// from a Magnate's space, an Additional Action space or a Multiplier
	// slot (R10, §9, AMB-10, AMB-27); SV16 keeps the Magnates Area out.
	retrieveAnywhere bool
	// pairs: a player takes back pairs of barrels from one Sales
	// establishment, placing 2 Renown cubes for each (R10, §8, pairs.go).
	pairs bool
	// pairsOnlyBeforeActions: pairs come back "before performing an
	// Action or before the Fair Step" only, not before a Bonus Action,
	// which the same text names for the Experts (the first edition); the
	// Reserve also takes them before an Additional Action (AMB-7).
	pairsOnlyBeforeActions bool
	// fairOpening: "before the Fair Step", whose last-minute Press
	// Releases come after its Round marker (000 L1155-1161; R10 AMB-7:
	// "before last-minute Press Releases"), each player in order takes
	// back pairs and flips cube and barrel Experts, all before anyone's
	// Press Release (PhaseFairOpening).
	fairOpening bool
	// managerRows: the Magnate benefits, a barrel moved along its
	// Magnate's row for a discarded wine (R10, §10, benefits.go).
	managerRows bool
	// benefitRounds: the game ends with rounds of Magnate benefits
	// (PhaseBenefits, §14.1) where SV16 gives one more action.
	benefitRounds bool
	// multiplierConditions: a Multiplier whose condition is not met may
	// not take a barrel (R10: the Experts Multiplier needs face-up Experts
	// of all 4 features, the Wine one a wine); the first edition lets any
	// slot be taken, for no VP.
	multiplierConditions bool
	// retrieveFromMultipliers: the barrel Expert also frees a Multiplier
	// slot (R10, AMB-10); first edition barrels on Multipliers "cannot be
	// moved".
	retrieveFromMultipliers bool
	// cashMultiplierCap is the most the cash Multiplier pays, 0 for no cap.
	cashMultiplierCap int
	// algarveAlways: Algarve's +1 counts in every Wine Value, the Wine
	// Multiplier's too (first edition); R10 gives it to sales, exports
	// and Press Releases only (AMB-15).
	algarveAlways bool
	// twoPlayerFairPlaces: with 2 players the Fair pays the 1st and 3rd
	// places' VP (SV16, R10); the first edition pays 1st and 2nd.
	twoPlayerFairPlaces bool
	// maintenancePairs: the maintenance variant (§16.1); at Maintenance,
	// in player order, each player takes back at least one pair of
	// barrels if they can, more if they like (AMB-9).
	maintenancePairs bool

	// fairTiles: the R10 Press Release and Fair (§7.9, §13, fairtiles.go).
	// A Press Release scores the Wine Value above 9, takes a Fair tile by
	// value to a Fair slot of two features and a bonus, and places
	// barrels beside the Magnates (not in year 1); the Fair's Experts are
	// chosen in secret, their arrows move the Feature markers, and the
	// order after it runs from the last. SV16 scores the whole value,
	// sends Experts at the Press Release, takes barrels back, and orders
	// by booth.
	fairTiles bool
	// fairOrder says, as a Press Release takes a place of the bottom row
	// in a Fair year, what sets next year's order instead: SV16's booths,
	// or R10's Fair Points track, from the last (§13; V1, "Adjust the
	// order of play").
	fairOrder string

	// vpSources are where the mode's VP come from, in the order players
	// read them.
	vpSources []VPSource
	// prompts are a turn's questions, which name what may be used besides
	// the action.
	prompts turnPrompts
	// terms are the names the mode's rulebook gives its components.
	terms terms
	// topics are the rules help, by topic, as the mode plays it (help.go).
	topics map[string]string
}

// terms name components as a mode's rulebook does.
type terms struct {
	title    string              // the game and mode, as a board's header names them
	magnate  string              // "Magnate", or the first edition's "Manager"
	magnates [NumMagnates]string // their names, A to C
	features [NumFeatures]string
	// regionNumbers number the regions, by RegionID; 0 for one not in the
	// box.
	regionNumbers [NumRegions + 1]int
	// words renames the Deluxe box's words in every text a player reads
	// (nil: none), as term does.
	words *strings.Replacer
}

// reserveTerms are the Deluxe box's names, in a 2010 Reserve game.
var reserveTerms = func() terms {
	t := deluxeTerms
	t.title = "Vinhos Deluxe: 2010 Reserve"
	return t
}()

// deluxeTerms are the Deluxe box's names.
var deluxeTerms = terms{title: "Vinhos Deluxe", magnate: "Magnate", magnates: [NumMagnates]string{"Anabela", "Bruno", "Carolina"},
	features:      [NumFeatures]string{"Taste", "Aroma", "Appearance", "Alcohol"},
	regionNumbers: [NumRegions + 1]int{1: 1, 2, 3, 4, 5, 6, 7, 8, 9}}

// turnPrompts ask where the Action marker goes, what else the turn does
// after the action, and what may be done before the wine is made (only
// the workers and tiles the mode has).
//
// maintenance is what the players Maintenance waits for do: SV16 takes a
// barrel back from Sales, R10 gives up what the bank could not pay (§11).
type turnPrompts struct{ move, after, production, maintenance string }

// anyNumber is an action's item limit where the rules set none.
const anyNumber = math.MaxInt

// actions16 are the SV16 actions: each takes 1 or 2 items (Vineyards
// from different regions).
var actions16 = [numActions]actionRun{
	ActVineyards:   {kind: runVineyards, max: MaxItemsPerAction},
	ActCellars:     {kind: runCellars, max: MaxItemsPerAction, price: PriceCellar},
	ActWineries:    {kind: runWineries, max: MaxItemsPerAction, price: PriceWinery},
	ActWineExperts: {kind: runExperts, max: MaxItemsPerAction, price: PriceExpert},
	ActEnologists:  {kind: runWorkers, max: MaxItemsPerAction, price: PriceEnologist, farmerPrice: PriceFarmer, enologists: true, farmers: true},
	ActExport:      {kind: runExport, max: MaxItemsPerAction},
	ActSales:       {kind: runSales, max: MaxItemsPerAction},
	ActPass:        {kind: runPass},
}

// actions10 are the R10 actions (§7.1-7.8).
var actions10 = [numActions]actionRun{
	ActVineyards:   {kind: runVineyards, max: anyNumber},
	ActCellars:     {kind: runCellars, max: 1, price: R10PriceCellar},
	ActWineries:    {kind: runWineries, max: MaxItemsPerAction, price: PriceWinery},
	ActWineExperts: {kind: runExperts, max: MaxItemsPerAction, price: PriceExpert},
	ActEnologists:  {kind: runWorkers, max: MaxItemsPerAction, price: R10PriceEnologist, enologists: true},
	ActExport:      {kind: runExport, max: anyNumber},
	ActSales:       {kind: runSales, max: anyNumber},
	ActPass:        {kind: runPass},
	ActBank:        {kind: runBank},
}

// deluxeVintageTiles are the Deluxe box's Vintage tiles.
func deluxeVintageTiles(d *Data) *[NumVintageTiles]VintageTile { return &d.Vintage }

// VintageTile is this year's Vintage tile, from the mode's tiles; a game
// begun before the first edition had its own plays on with the Deluxe
// box's.
func (s *State) VintageTile() VintageTile {
	if !s.fixed().editionVintage {
		return deluxeVintageTiles(s.data)[s.Vintage]
	}
	return s.rules().vintage(s.data)[s.Vintage]
}

// allRegions are the Deluxe box's nine regions.
var allRegions = NewRegionSet(TrasOsMontes, Minho, Douro, Dao, Ribatejo, Lisboa, Setubal, Alentejo, Algarve)

// rulesets are the modes' rules, by mode; the first edition's are the
// Reserve's with its differences (firstEdition).
var rulesets = [numModes]ruleset{
	SpecialVintage2016: {
		supply: &Supplies[SpecialVintage2016], board: PlayerBoards[SpecialVintage2016], quadrel: &Quadrel[SpecialVintage2016],
		boxRegions: allRegions, renownCubes: Box.RenownCubes, firstPlayRemoved: FirstPlayRemovedRegions,
		vintage:             deluxeVintageTiles,
		startingCash:        PerPlayers[[MaxPlayers]int]{StartingCash, StartingCash, StartingCash},
		twoPlayerFairPlaces: true,
		terms:               deluxeTerms,
		magnateTiles:        true,
		actions:             actions16,
		oneExpertPerTurn:    true,
		prompts: turnPrompts{"Where do you move your Action marker? (You may first use a Magnate tile or a Wine Expert.)",
			"Anything else this turn? (A Magnate tile or a Wine Expert you have not used yet.)",
			"move Enologists and Farmers or use Porto", "take one barrel back from the Sales area"},
		fairOrder: "the Fair's booths will set next year's order",
		vpSources: []VPSource{SourceExports, SourceFairs, SourceMajorities, SourceMultipliers, SourceWines, SourceMoney},
		topics:    topics16,
	},
	Reserve2010: reserve,
	Classic2010: firstEdition(reserve),
}

// reserve are the 2010 Reserve's rules.
var reserve = ruleset{
	supply: &Supplies[Reserve2010], board: PlayerBoards[Reserve2010], quadrel: &Quadrel[Reserve2010],
	boxRegions: allRegions, renownCubes: Box.RenownCubes, firstPlayRemoved: FirstPlayRemovedRegions,
	startingCash:            PerPlayers[[MaxPlayers]int]{{R10BaseCash, R10BaseCash}, {R10BaseCash, R10BaseCash, R10BaseCash}, {R10BaseCash, R10BaseCash, R10BaseCash, R10BaseCash}},
	initialVineyardPaid:     true,
	orderByRegion:           true,
	seatBonus:               R10SeatBonus,
	vintage:                 deluxeVintageTiles,
	vintageZeroFirst:        true,
	bank:                    true,
	featureMarkers:          true,
	actions:                 actions10,
	salesToAccount:          true,
	exportByRow:             true,
	twoPlayerExport:         func(d *Data) *[R10ExportRows][R10ExportColumns]bool { return &d.Reserve.Export.TwoPlayer.V },
	fairTiles:               true,
	expertLimit:             R10ExpertLimit,
	expertsBeforeActions:    true,
	fairOpening:             true,
	retrieveAnywhere:        true,
	pairs:                   true,
	managerRows:             true,
	benefitRounds:           true,
	multiplierConditions:    true,
	retrieveFromMultipliers: true,
	cashMultiplierCap:       R10CashMultiplierCap,
	twoPlayerFairPlaces:     true,
	terms:                   reserveTerms,
	vpSources:               []VPSource{SourceExports, SourceFairs, SourceBenefits, SourceBank, SourceMajorities, SourceMultipliers},
	prompts: turnPrompts{"Where do you move your Action marker? (You may first take back pairs of barrels, use a Magnate benefit or Wine Experts, or divest.)",
		"Anything else this turn? (A Magnate benefit, Wine Experts, divesting.)",
		"move Enologists and Farmers or use Porto", "give up what your account could not pay for at Maintenance"},
	fairOrder: "after the Fair the last on the Fair Points track will play first",
	topics:    reserveTopics,
}

// firstEdition is how the first edition (000) differs from the Reserve
// (RESERVE-2010.md §17.2, and the reference guide's "Differences from the
// 1st edition"): one region fewer (no Ribatejo, so no Farmers, and
// Vintage tiles of its own, whose Constantino names only its regions), 8
// Enologists whatever the count, 15 Renown cubes, the starting money
// 11/11/12/12 (11/12 with 2 players, counted in thousands by the text)
// and the order left as drawn, any Multiplier slot taken without its
// condition, Multiplier barrels that stay, no cap on the cash
// Multiplier, Algarve's +1 in every Wine Value, the 2-player Fair
// paying the 1st and 2nd places; and the readings of its own text: buying
// past the Expert limit before discarding, free Experts taken, pairs
// taken back before an action or the Fair only.
func firstEdition(r ruleset) ruleset {
	r.supply, r.board, r.quadrel = &Supplies[Classic2010], PlayerBoards[Classic2010], &Quadrel[Classic2010]
	r.boxRegions = allRegions &^ NewRegionSet(Ribatejo)
	r.renownCubes = C10RenownCubes
	r.firstPlayRemoved = C10FirstPlayRemovedRegions
	r.startingCash = C10StartingCash
	r.orderByRegion, r.seatBonus = false, PerPlayers[[MaxPlayers]int]{}
	r.multiplierConditions = false
	r.retrieveFromMultipliers = false
	r.cashMultiplierCap = 0
	r.discardAfterBuying = true
	r.freeExpertsTaken = true
	r.pairsOnlyBeforeActions = true
	r.algarveAlways = true
	r.twoPlayerFairPlaces = false
	r.prompts.production = "move Enologists or use Porto"
	r.twoPlayerExport = func(d *Data) *[R10ExportRows][R10ExportColumns]bool { return &d.Classic.TwoPlayerExport.V }
	r.vintage = func(d *Data) *[NumVintageTiles]VintageTile { return &d.Classic.Vintage }
	r.terms = terms{title: "Vinhos (first edition, 2010)", magnate: "Manager", magnates: [NumMagnates]string{"Alexandre", "Beatriz", "Constantino"},
		features: [NumFeatures]string{"Taste", "Aroma", "Look", "Alcohol Content"},
		// C-1: the first edition numbers its 8 regions its own way.
		regionNumbers: [NumRegions + 1]int{Minho: 1, TrasOsMontes: 2, Dao: 3, Douro: 4, Lisboa: 5, Alentejo: 6, Setubal: 7, Algarve: 8},
		// Its Managers' rows hold Bonus Actions.
		words: strings.NewReplacer("Magnate", "Manager", "Additional Action", "Bonus Action")}
	r.topics = inWords(firstEditionTopics, r.terms.words)
	return r
}

// Variant is a set of the R10 variants (§16) a game is played with.
type Variant uint8

const (
	// VariantMaintenance: retrieving pairs of barrels is compulsory, in
	// turn order, at Maintenance (§16.1).
	VariantMaintenance Variant = 1 << iota
	// VariantFiveEstates: the 2016 player boards, 5 Estates and a 10th
	// disc (§16.2).
	VariantFiveEstates
	numVariantSets = 1 << iota
)

// variantNames are the variants' names, as in the setup option.
var variantNames = [...]struct {
	v    Variant
	name string
}{{VariantMaintenance, "maintenance"}, {VariantFiveEstates, "five-estates"}}

// String lists the variants by name, separated by commas.
func (v Variant) String() string {
	var names []string
	for _, n := range variantNames {
		if v&n.v != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
}

// parseVariants reads the setup option: variant names separated by commas.
func parseVariants(option string) (Variant, error) {
	var v Variant
	for _, part := range strings.Split(option, ",") {
		part = strings.TrimSpace(strings.ToLower(part))
		if part == "" || part == "none" {
			continue
		}
		found := false
		for _, n := range variantNames {
			if n.name == part {
				v, found = v|n.v, true
			}
		}
		if !found {
			return 0, engine.Errorf(engine.CodeBadSetup, "There is no variant %s; the 2010 Reserve has maintenance and five-estates.", engine.Quote(part))
		}
	}
	return v, nil
}

// withVariants is the mode's rules changed by the variants.
func (r ruleset) withVariants(v Variant) ruleset {
	if v&VariantMaintenance != 0 {
		r.maintenancePairs = true
	}
	if v&VariantFiveEstates != 0 {
		r.board.Estates = PlayerBoards[SpecialVintage2016].Estates
		r.board.Discs++
	}
	return r
}

// playRules holds every mode's rules under every set of variants, made
// once: rules is read all through a playout.
var playRules = func() (all [numModes][numVariantSets]ruleset) {
	for m := range all {
		for v := range all[m] {
			all[m][v] = rulesets[m].withVariants(Variant(v))
		}
	}
	return all
}()

// rules is what the game is played by.
func (s *State) rules() *ruleset { return &playRules[s.Mode][s.Variants] }

// MarshalText names the variants, as the setup option does.
func (v Variant) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (v *Variant) UnmarshalText(b []byte) (err error) {
	*v, err = parseVariants(string(b))
	return err
}
