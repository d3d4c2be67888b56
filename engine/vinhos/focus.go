package vinhos

// The part of the board each step is about (engine.Step.Focus), so that a
// player on a phone sees that part alone, large enough to read, beside the
// menu of the step.
const (
	FocusActions = "actions" // the Quadrel: where to move, what it costs, the player order
	FocusRegions = "regions" // the regions' vineyards and Renown cubes, and the player's estates
	FocusEstates = "estates" // the player's estates and the supply of buildings and workers
	FocusExperts = "experts" // the Wine Expert decks and the Experts the player holds
	FocusSales   = "sales"   // the Sales slots and the player's wines
	FocusExport  = "export"  // the Export slots and the player's wines
	FocusBarrels = "barrels" // everywhere a barrel may be taken back from
	FocusFair    = "fair"    // the Fair: features, booths, Magnates, the player's wines and Experts
	FocusTiles   = "tiles"   // the Magnate tiles on display and the player's wines
	FocusBank    = "bank"    // the Reserve's Banco do Vinho: accounts, investments, what investing costs
)

// focus names the part of the board the decision's next step is about.
func (s *walker) focus() string {
	if s.work.experts > 0 {
		return FocusExperts
	}
	if s.work.pair.barrels > 0 {
		return FocusSales
	}
	if s.work.pair.cubes > 0 {
		return FocusRegions
	}
	switch s.work.use {
	case runAddCube:
		return FocusRegions
	case runRetrieve:
		return FocusBarrels
	}
	switch s.work.stage {
	case stInitRegion:
		return FocusRegions
	case stInitPorto, stProduction:
		return FocusEstates
	case stInitMagnate, stDraftTile, stDraftWine:
		return FocusTiles
	case stMaintenance:
		if s.rules().bank {
			return FocusEstates // a building or an Enologist the bank could not pay
		}
		return FocusSales // a barrel back from the Sales area
	case stFairExpert:
		return FocusExperts
	case stFairPairs, stMaintenancePairs, stFairOpening:
		return FocusSales // pairs of barrels on the Sales area
	case stRun:
		return runFocus[s.work.run.kind]
	}
	return FocusActions
}

var runFocus = [...]string{
	runVineyards: FocusRegions, runWineries: FocusEstates, runWorkers: FocusEstates,
	runCellars: FocusEstates, runExperts: FocusExperts, runSales: FocusSales,
	runExport: FocusExport, runPass: FocusActions, runPress: FocusFair,
	runAddCube: FocusRegions, runRetrieve: FocusBarrels,
	runBank: FocusBank, runBenefit: FocusBarrels,
}
