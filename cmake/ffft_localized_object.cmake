# ffft_localized_object(TARGET SYMBOLS OUTPUT_VARIABLE): merges the objects
# of the OBJECT library TARGET into one (ld -r, COMDAT groups resolved among
# themselves) whose symbols are then all made local but those matching one
# of the globs of the list SYMBOLS (mangled names: the entry points), and
# what stays global made weak: libstdc++'s read-only tables (GNU unique
# symbols, which objcopy does not localize) then merge with other copies.
# Sets OUTPUT_VARIABLE to the merged object, to be added to a target's
# sources, and makes a target TARGET_merged that builds it.
#
# Why: code compiled with more instruction-set flags than the rest (an
# AVX-512 path) instantiates inline functions and templates that the rest
# instantiates too (a butterfly, std::min, an OpenMP helper). Left global,
# the linker could keep the AVX-512 copy for every caller, and an AVX2-only
# CPU would die of an illegal instruction.
function(ffft_localized_object target symbols output_variable)
  set(merged ${CMAKE_CURRENT_BINARY_DIR}/${target}_merged.o)
  set(object ${CMAKE_CURRENT_BINARY_DIR}/${target}.o)
  set(keep)
  foreach(glob IN LISTS symbols)
    list(APPEND keep --keep-global-symbol=${glob})
  endforeach()
  add_custom_command(
    OUTPUT ${object}
    COMMAND ${CMAKE_LINKER} -r --force-group-allocation -o ${merged} $<TARGET_OBJECTS:${target}>
    COMMAND ${CMAKE_OBJCOPY} --wildcard ${keep} --weaken ${merged} ${object}
    DEPENDS ${target} $<TARGET_OBJECTS:${target}>
    COMMENT "Merging ${target} into ${target}.o, its entry points alone global"
    COMMAND_EXPAND_LISTS VERBATIM)
  # The merge is a target of its own, so that it waits for TARGET's objects
  # alone: a command of the consuming target would wait for all of its
  # dependencies (the CUDA objects, minutes), and with it every compilation
  # of that target and of the programs (Ninja orders them after it).
  add_custom_target(${target}_merged DEPENDS ${object})
  set_source_files_properties(${object} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  set(${output_variable} ${object} PARENT_SCOPE)
endfunction()
