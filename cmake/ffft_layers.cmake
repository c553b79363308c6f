# One include root per layer of the library: ${FFFT_LAYER_ROOTS}/<layer>
# holds links to that layer's folder and to the folders below it, and the
# layer's targets see the repository through it alone. A source of the CUDA
# executor (kernels/) that includes "src/..." then fails to compile, where
# with the repository root on its path it would build and only
# tests/layers would object.
set(FFFT_LAYER_ROOTS ${PROJECT_BINARY_DIR}/layer_roots)
set(_ffft_layers engine kernels src)  # lowest first
set(_ffft_below "")
foreach(_layer IN LISTS _ffft_layers)
  list(APPEND _ffft_below ${_layer})
  file(MAKE_DIRECTORY ${FFFT_LAYER_ROOTS}/${_layer})
  foreach(_folder IN LISTS _ffft_below)
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${_folder} ${FFFT_LAYER_ROOTS}/${_layer}/${_folder} SYMBOLIC)
  endforeach()
endforeach()

# The include root of `layer` for a target of that layer.
function(ffft_layer_root target layer)
  target_include_directories(${target} PRIVATE ${FFFT_LAYER_ROOTS}/${layer})
endfunction()
